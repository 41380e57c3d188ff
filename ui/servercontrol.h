#pragma once

#include <QHostAddress>
#include <QObject>
#include <QString>

// What the window may do with the embedded API server. Implemented in app/ (the UI
// does not depend on the server layer).
class ServerControl : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual bool isRunning() const = 0;
    virtual QString baseUrl() const = 0;
    virtual QHostAddress host() const = 0;
    virtual quint16 port() const = 0;
    virtual QString lastError() const = 0;
    virtual bool start(const QHostAddress &host, quint16 port) = 0;
    virtual void stop() = 0;

signals:
    void stateChanged();
};
