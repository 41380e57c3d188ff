// sd_tts_studio driven over its standard input and output as Speech Dispatcher drives it
// (module_process.c): the replies, the voice list, messages as 701 / 705 blocks / 700
// marks / 702, STOP and PAUSE, input it must survive, and the desktop user's
// pronunciations read from a data dir that it never changes.
#include "moduleclient.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
qint64 samplesOf(const QList<ModuleEvent> &events)
{
    qint64 n = 0;
    for (const ModuleEvent &e : events)
        n += e.line == "705" ? e.declaredSamples : 0;
    return n;
}

QStringList marksOf(const QList<ModuleEvent> &events)
{
    QStringList out;
    for (const ModuleEvent &e : events)
        if (e.line.startsWith("700-"))
            out << QString::fromUtf8(e.line.mid(4));
    return out;
}

// A data dir holding the studio's database with a desktop account whose lexicon says
// "zork" as many words: only the tables the module reads. In WAL mode as the studio
// keeps it, or with a rollback journal.
void writeStudioDatabase(const QString &dir, bool wal = false)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("studio"));
        db.setDatabaseName(QDir(dir).filePath(QStringLiteral("tts-studio.db")));
        QVERIFY(db.open());
        QSqlQuery q(db);
        if (wal)
            QVERIFY(q.exec("PRAGMA journal_mode=WAL"));
        QVERIFY(q.exec("CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)"));
        QVERIFY(q.exec("CREATE TABLE settings (key TEXT PRIMARY KEY, value BLOB NOT NULL)"));
        QVERIFY(q.exec("CREATE TABLE lexicons (account_id INTEGER PRIMARY KEY, entries TEXT NOT NULL, updated_at INTEGER)"));
        QVERIFY(q.exec("INSERT INTO accounts VALUES (7, 'me')"));
        QVERIFY(q.exec("INSERT INTO settings VALUES ('studio.desktop_account', CAST('7' AS BLOB))"));
        QVERIFY(q.exec("INSERT INTO lexicons VALUES (7, '[{\"grapheme\":\"zork\",\"alias\":\"one two three four five six "
                       "seven eight nine ten eleven twelve\"}]', 0)"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("studio"));
}
}

class TestSpeechdModule : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void startsWithInit();
    void refusesWithoutInit();
    void replies_data();
    void replies();
    void listVoices_data();
    void listVoices();
    void speak_data();
    void speak();
    void stop();
    void stopWhilePlanning_data();
    void stopWhilePlanning();
    void pauseAtSentence();
    void soundIcon();
    void malformed_data();
    void malformed();
    void pronunciations_data();
    void pronunciations();
    void pronunciationsFollowTheStudio();
    void dataDirNeverCreated();

private:
    // Events of one message, from `200 OK SPEAKING` to its 702/703/704.
    QList<ModuleEvent> speakMessage(ModuleClient &module, const QByteArray &settings, const QByteArray &command,
                                    const QByteArray &text);
    // A message of many sentences with Speech Dispatcher's marks, read up to its first audio.
    QList<ModuleEvent> startLongMessage(ModuleClient &module, const QByteArray &voice, const QByteArray &sentence,
                                        int sentences);
    QTemporaryDir m_emptyDataDir;
    QStringList m_environment;
};

void TestSpeechdModule::initTestCase()
{
    QVERIFY(QFileInfo(QStringLiteral(SD_TTS_STUDIO)).isExecutable());
    QVERIFY(m_emptyDataDir.isValid());
    m_environment = {QStringLiteral("TTS_STUDIO_DATA_DIR=") + m_emptyDataDir.path()};
}

void TestSpeechdModule::startsWithInit()
{
    ModuleClient module({}, m_environment);
    module.send("INIT\n");
    const QStringList lines = ModuleClient::linesOf(module.readUntil("299 "));
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines.first().startsWith(QLatin1String("299-TTS Studio")));
    QCOMPARE(lines.last(), QStringLiteral("299 OK LOADED SUCCESSFULLY"));
    module.send("QUIT\n");
    QCOMPARE(ModuleClient::linesOf(module.readUntil("210")), QStringList{"210 OK QUIT"});
    QVERIFY(module.process().waitForFinished(5000));
    QCOMPARE(module.process().exitCode(), 0);
}

void TestSpeechdModule::refusesWithoutInit()
{
    ModuleClient module({}, m_environment);
    module.send("SPEAK\n");
    QVERIFY(module.process().waitForFinished(5000));
    QCOMPARE(module.process().exitCode(), 3);
    QVERIFY(module.process().readAllStandardOutput().isEmpty());
}

void TestSpeechdModule::replies_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("SET") << QByteArray("SET\npitch=-10\npitch_range=0\nrate=20\nvolume=50\npunctuation_mode=some\n"
                                       "spelling_mode=off\ncap_let_recogn=none\nvoice=MALE1\nlanguage=en\n"
                                       "synthesis_voice=NULL\n.\n")
                         << QStringList{"203 OK RECEIVING SETTINGS", "203 OK SETTINGS RECEIVED"};
    QTest::newRow("SET out of range") << QByteArray("SET\nrate=500\n.\n")
                                      << QStringList{"203 OK RECEIVING SETTINGS", "303 ERROR INVALID PARAMETER OR VALUE"};
    QTest::newRow("SET not a number") << QByteArray("SET\nvolume=loud\n.\n")
                                      << QStringList{"203 OK RECEIVING SETTINGS", "303 ERROR INVALID PARAMETER OR VALUE"};
    QTest::newRow("SET without =") << QByteArray("SET\nrate\n.\n")
                                   << QStringList{"203 OK RECEIVING SETTINGS", "302 ERROR BAD SYNTAX"};
    QTest::newRow("AUDIO server") << QByteArray("AUDIO\naudio_output_method=server\n.\n")
                                  << QStringList{"207 OK RECEIVING AUDIO SETTINGS", "203 OK AUDIO INITIALIZED"};
    QTest::newRow("AUDIO pulse") << QByteArray("AUDIO\naudio_output_method=pulse\n.\n")
                                 << QStringList{"207 OK RECEIVING AUDIO SETTINGS", "303 ERROR INVALID PARAMETER OR VALUE"};
    QTest::newRow("LOGLEVEL") << QByteArray("LOGLEVEL\nlog_level=5\n.\n")
                              << QStringList{"207 OK RECEIVING LOGLEVEL SETTINGS", "203 OK LOGLEVEL SET"};
    QTest::newRow("DEBUG ON") << QByteArray("DEBUG ON /tmp/sd.log\n") << QStringList{"200 OK DEBUGGING ON"};
    QTest::newRow("DEBUG nonsense") << QByteArray("DEBUG MAYBE\n") << QStringList{"302 ERROR BAD SYNTAX"};
    QTest::newRow("unknown") << QByteArray("HELLO\n") << QStringList{"300 ERR UNKNOWN COMMAND"};
    QTest::newRow("empty message") << QByteArray("SPEAK\n.\n")
                                   << QStringList{"202 OK RECEIVING MESSAGE", "301 ERROR CANT SPEAK"};
    QTest::newRow("CHAR of two lines") << QByteArray("CHAR\na\nb\n.\n")
                                       << QStringList{"202 OK RECEIVING MESSAGE", "305 DATA MORE THAN ONE LINE"};
    // Speech Dispatcher sets no limit; a block of more than 1 MiB is refused at its end,
    // what came before it kept, and the module goes on.
    QTest::newRow("message over 1 MiB")
        << (QByteArray("SPEAK\n") + (QByteArray(600 * 1024, 'a') + '\n').repeated(2) + ".\nLIST VOICES xx\n")
        << QStringList{"202 OK RECEIVING MESSAGE", "301 ERROR CANT SPEAK", "304 CANT LIST VOICES"};
    QTest::newRow("settings over 1 MiB")
        << (QByteArray("SET\n") + QByteArray("rate=10\n").repeated(140 * 1024) + ".\nLIST VOICES xx\n")
        << QStringList{"203 OK RECEIVING SETTINGS", "302 ERROR BAD SYNTAX", "304 CANT LIST VOICES"};
    QTest::newRow("STOP and PAUSE idle") << QByteArray("STOP\nPAUSE\nQUIT\n") << QStringList{"210 OK QUIT"};
}

void TestSpeechdModule::replies()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    module.send(input);
    QCOMPARE(ModuleClient::linesOf(module.readUntil(expected.last().toUtf8())), expected);
}

void TestSpeechdModule::listVoices_data()
{
    QTest::addColumn<QByteArray>("command");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QString>("everyLanguage"); // each line's language starts with it
    QTest::newRow("all") << QByteArray("LIST VOICES")
                         << QStringList{"af_sarah\ten-US\tnone", "bf_emma\ten-GB\tnone", "ef_dora\tes\tnone",
                                        "aria\tde\tnone", "aria\ten\tnone", "zm_yunjian\tzh\tnone"}
                         << QString();
    QTest::newRow("German") << QByteArray("LIST VOICES de") << QStringList{"aria\tde\tnone", "orion\tde\tnone"}
                            << QStringLiteral("de");
    QTest::newRow("English") << QByteArray("LIST VOICES en")
                             << QStringList{"af_sarah\ten-US\tnone", "bm_george\ten-GB\tnone", "sage\ten\tnone"}
                             << QStringLiteral("en");
    QTest::newRow("British, variant") << QByteArray("LIST VOICES en-GB none") << QStringList{"bf_emma\ten-GB\tnone"}
                                      << QStringLiteral("en-GB");
}

void TestSpeechdModule::listVoices()
{
    QFETCH(QByteArray, command);
    QFETCH(QStringList, present);
    QFETCH(QString, everyLanguage);
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    module.send(command + "\n");
    QStringList lines = ModuleClient::linesOf(module.readUntil("200 OK VOICE LIST SENT"));
    QCOMPARE(lines.takeLast(), QStringLiteral("200 OK VOICE LIST SENT"));
    for (const QString &voice : present)
        QVERIFY2(lines.contains(QStringLiteral("200-") + voice), qPrintable(voice));
    for (const QString &line : lines) {
        QVERIFY2(line.startsWith(QLatin1String("200-")) && line.count(u'\t') == 2, qPrintable(line));
        QVERIFY2(line.section(u'\t', 1, 1).startsWith(everyLanguage), qPrintable(line));
    }
    module.send("LIST VOICES xx\n");
    QCOMPARE(ModuleClient::linesOf(module.readUntil("304")), QStringList{"304 CANT LIST VOICES"});
}

QList<ModuleEvent> TestSpeechdModule::startLongMessage(ModuleClient &module, const QByteArray &voice,
                                                       const QByteArray &sentence, int sentences)
{
    module.send("SET\nsynthesis_voice=" + voice + "\n.\n");
    module.readUntil("203 OK SETTINGS");
    QByteArray text = "<speak>";
    for (int i = 0; i < sentences; ++i)
        text += sentence + " <mark name=\"__spd_" + QByteArray::number(i) + "\"/>";
    module.send("SPEAK\n" + text + "</speak>\n.\n");
    return module.readUntil("705");
}

QList<ModuleEvent> TestSpeechdModule::speakMessage(ModuleClient &module, const QByteArray &settings,
                                                   const QByteArray &command, const QByteArray &text)
{
    module.send("SET\n" + settings + ".\n");
    module.readUntil("203 OK SETTINGS");
    module.send(command + "\n" + text + "\n.\n");
    const QList<ModuleEvent> accepted = module.readUntil("20");
    if (accepted.isEmpty() || accepted.last().line != "202 OK RECEIVING MESSAGE")
        return accepted;
    const QList<ModuleEvent> reply = module.readUntil(""); // the next line, whatever it is
    if (reply.isEmpty() || reply.last().line != "200 OK SPEAKING")
        return reply;
    return module.readUntil("702 END");
}

void TestSpeechdModule::speak_data()
{
    QTest::addColumn<QByteArray>("settings");
    QTest::addColumn<QByteArray>("command");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("marks");
    QTest::addColumn<double>("minSeconds");
    QTest::addColumn<double>("maxSeconds");
    QTest::newRow("Spanish, marks") << QByteArray("synthesis_voice=ef_dora\n") << QByteArray("SPEAK")
                                    << QByteArray("<speak>Hola <mark name=\"m1\"/>mundo. <mark name=\"__spd_0\"/>"
                                                  "Adios, amigo<mark name=\"m2\"/>.</speak>")
                                    << QStringList{"m1", "__spd_0", "m2"} << 1.0 << 5.0;
    QTest::newRow("German by language") << QByteArray("synthesis_voice=NULL\nlanguage=de\n") << QByteArray("SPEAK")
                                        << QByteArray("<speak>Guten Tag<mark name=\"a\"/>, wie geht es dir?</speak>")
                                        << QStringList{"a"} << 0.8 << 5.0;
    QTest::newRow("English, flite") << QByteArray("synthesis_voice=af_sarah\nlanguage=en\n") << QByteArray("SPEAK")
                                    << QByteArray("<speak>Hello &amp; welcome.</speak>") << QStringList{} << 0.5 << 4.0;
    QTest::newRow("plain text, dot-stuffed") << QByteArray("synthesis_voice=em_alex\n") << QByteArray("SPEAK")
                                             << QByteArray("Uno dos.\n..tres") << QStringList{} << 0.5 << 5.0;
    QTest::newRow("fast and quiet") << QByteArray("synthesis_voice=ef_dora\nrate=100\nvolume=-50\npitch=50\n")
                                    << QByteArray("SPEAK") << QByteArray("<speak>Hola mundo.</speak>")
                                    << QStringList{} << 0.1 << 1.5;
    QTest::newRow("CHAR") << QByteArray("synthesis_voice=af_sarah\n") << QByteArray("CHAR") << QByteArray("q")
                          << QStringList{} << 0.1 << 2.0;
    QTest::newRow("CHAR punctuation") << QByteArray("synthesis_voice=af_sarah\n") << QByteArray("CHAR")
                                      << QByteArray(",") << QStringList{} << 0.1 << 2.0;
    QTest::newRow("KEY") << QByteArray("synthesis_voice=af_sarah\n") << QByteArray("KEY") << QByteArray("control_q")
                         << QStringList{} << 0.2 << 3.0;
    // A mark name is one line of the protocol: one with line feeds is left out, never
    // written as lines of its own (a 702 END before the message's end).
    QTest::newRow("mark names with line feeds")
        << QByteArray("synthesis_voice=ef_dora\n") << QByteArray("SPEAK")
        << QByteArray("<speak>Hola <mark name=\"x&#10;702 END&#10;705-AUDIO\"/>mundo<mark name=\"a&#13;b\"/> "
                      "y <mark name=\"ok\"/>adios.</speak>")
        << QStringList{"ok"} << 0.5 << 5.0;
    // A document with a DTD is read as its text: its marks at the end, as written (its
    // entities never expanded, one of them a hundred million characters here).
    QTest::newRow("DTD, an entity as mark name")
        << QByteArray("synthesis_voice=ef_dora\n") << QByteArray("SPEAK")
        << QByteArray("<!DOCTYPE speak [<!ENTITY a \"ja ja ja ja\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                      "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">"
                      "<!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">"
                      "<!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\"><!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\">]>"
                      "<speak>Hola <mark name=\"&h;\"/>mundo<mark name=\"b&amp;c\"/>.</speak>")
        << QStringList{"&h;", "b&c"} << 0.5 << 8.0;
    // The English voices say the letters of the English alphabet only: any other is said
    // by its name ("E with acute").
    QTest::newRow("CHAR outside ASCII, English") << QByteArray("synthesis_voice=NULL\nlanguage=en\n") << QByteArray("CHAR")
                                                 << QByteArray("\xc3\xa9") << QStringList{} << 0.3 << 3.0;
    QTest::newRow("CHAR outside ASCII, Spanish") << QByteArray("synthesis_voice=ef_dora\n") << QByteArray("CHAR")
                                                 << QByteArray("\xc3\xb1") << QStringList{} << 0.1 << 2.0;
}

void TestSpeechdModule::speak()
{
    QFETCH(QByteArray, settings);
    QFETCH(QByteArray, command);
    QFETCH(QByteArray, text);
    QFETCH(QStringList, marks);
    QFETCH(double, minSeconds);
    QFETCH(double, maxSeconds);
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    const QList<ModuleEvent> events = speakMessage(module, settings, command, text);
    const QStringList lines = ModuleClient::linesOf(events);
    QVERIFY2(!lines.isEmpty() && lines.first() == QLatin1String("701 BEGIN"), qPrintable(lines.join(u'|')));
    QCOMPARE(lines.last(), QStringLiteral("702 END"));
    QCOMPARE(marksOf(events), marks);
    for (const ModuleEvent &e : events) {
        if (e.line != "705")
            continue;
        QCOMPARE(e.sampleRate, 24000);
        QVERIFY(e.declaredSamples > 0);
        QCOMPARE(e.pcm.size(), qsizetype(e.declaredSamples) * 2);
    }
    // Each mark between audio: after some and, but for one at the very end, before more.
    const qsizetype firstMark = lines.indexOf(QRegularExpression(QStringLiteral("^700-")));
    if (firstMark >= 0)
        QVERIFY(samplesOf(events.mid(0, firstMark)) > 0);
    const double seconds = samplesOf(events) / 24000.0;
    QVERIFY2(seconds >= minSeconds && seconds <= maxSeconds, qPrintable(QString::number(seconds)));
}

void TestSpeechdModule::stop()
{
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    const auto started = startLongMessage(module, "ef_dora", "Esta es una frase bastante larga para hablar un buen rato.", 80);
    QCOMPARE(ModuleClient::linesOf(started).mid(0, 3),
             (QStringList{"202 OK RECEIVING MESSAGE", "200 OK SPEAKING", "701 BEGIN"}));
    module.send("STOP\n");
    const QStringList untilStop = ModuleClient::linesOf(module.readUntil("703"));
    QCOMPARE(untilStop.last(), QStringLiteral("703 STOP"));
    QVERIFY(!untilStop.contains(QStringLiteral("702 END")));
    // Nothing of the stopped message after its 703; the next one is spoken.
    module.send("LIST VOICES xx\n");
    QCOMPARE(ModuleClient::linesOf(module.readUntil("304")), QStringList{"304 CANT LIST VOICES"});
    const QStringList next = ModuleClient::linesOf(speakMessage(module, "", "SPEAK", "<speak>Otra.</speak>"));
    QCOMPARE(next.first(), QStringLiteral("701 BEGIN"));
    QCOMPARE(next.last(), QStringLiteral("702 END"));
}

void TestSpeechdModule::stopWhilePlanning_data()
{
    // Messages whose planning took seconds (marks counted from the text's start, each
    // token's references searched to its end) while STOP waited unread: 9,000 marks
    // (a document the subset reads) took ~10 s, 16,000 (one it refuses) ~21 s.
    QTest::addColumn<int>("marks");
    QTest::newRow("9,000 marks") << 9000;
    QTest::newRow("16,000 marks") << 16000;
}

void TestSpeechdModule::stopWhilePlanning()
{
    QFETCH(int, marks);
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    QByteArray text = "<speak>";
    for (int i = 0; i < marks; ++i)
        text += "<mark name=\"m" + QByteArray::number(i) + "\"/>w ";
    module.send("SPEAK\n" + text + "</speak>\n.\nSTOP\n");
    // Answered as it is read, whatever the planning of the message still takes (the
    // limit is generous: the module is not timed here, it only must not wait for it).
    const QStringList lines = ModuleClient::linesOf(module.readUntil("703", 5000));
    QVERIFY2(!lines.isEmpty() && lines.last() == QLatin1String("703 STOP"), qPrintable(lines.join(u'|')));
    QVERIFY(lines.contains(QStringLiteral("200 OK SPEAKING")));
    const QStringList next = ModuleClient::linesOf(speakMessage(module, "synthesis_voice=ef_dora\n", "SPEAK", "Otra."));
    QCOMPARE(next.first(), QStringLiteral("701 BEGIN"));
    QCOMPARE(next.last(), QStringLiteral("702 END"));
}

void TestSpeechdModule::pauseAtSentence()
{
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    startLongMessage(module, "em_alex", "Una frase entera.", 20);
    module.send("PAUSE\n");
    const QList<ModuleEvent> events = module.readUntil("704");
    QCOMPARE(events.last().line, QByteArray("704 PAUSE"));
    const QStringList marks = marksOf(events);
    QVERIFY(!marks.isEmpty() && marks.last().startsWith(QLatin1String("__spd_")));
    QVERIFY(marks.size() < 20);
}

void TestSpeechdModule::soundIcon()
{
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    module.send("SOUND_ICON\nbell\n.\n");
    QCOMPARE(ModuleClient::linesOf(module.readUntil("702")),
             (QStringList{"202 OK RECEIVING MESSAGE", "200 OK SPEAKING", "701 BEGIN", "706-bell", "706 ICON", "702 END"}));
}

void TestSpeechdModule::malformed_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe\x7d\r\n\n\n", 8);
    QTest::newRow("settings without names") << QByteArray("SET\n=\n==\nfoo=\n=bar\n.\n");
    QTest::newRow("AUDIO empty line") << QByteArray("AUDIO\n\n.\n");
    QTest::newRow("broken SSML") << QByteArray("SPEAK\n<speak>Hola <mark name=\"x\"/> <b>mundo\n.\n");
    QTest::newRow("doctype") << QByteArray("SPEAK\n<!DOCTYPE speak [<!ENTITY a \"aaaa\">]><speak>&a;</speak>\n.\n");
    QTest::newRow("empty KEY") << QByteArray("KEY\n\n.\n");
    QTest::newRow("unknown voice and language") << QByteArray("SET\nsynthesis_voice=nobody\nlanguage=tlh\n.\nSPEAK\nqapla\n.\n");
    QTest::newRow("long line") << QByteArray(2 * 1024 * 1024, 'a') + "\n";
    QTest::newRow("LIST VOICES with extra words") << QByteArray("LIST VOICES en none x y z\n");
    QTest::newRow("stop twice mid-message") << QByteArray("SPEAK\nHola.\n.\nSTOP\nSTOP\nPAUSE\n");
}

void TestSpeechdModule::malformed()
{
    QFETCH(QByteArray, input);
    ModuleClient module({}, m_environment);
    QVERIFY(module.initialize());
    module.send(input);
    // Still answering, whatever the input left half-done (a block: closed by this dot).
    module.send(".\nLIST VOICES de\n");
    const QList<ModuleEvent> events = module.readUntil("200 OK VOICE LIST SENT");
    QVERIFY(module.started());
    QVERIFY(!events.isEmpty());
    QCOMPARE(events.last().line, QByteArray("200 OK VOICE LIST SENT"));
    module.send("QUIT\n");
    module.readUntil("210");
    QVERIFY(module.process().waitForFinished(10000));
    QCOMPARE(module.process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(module.process().exitCode(), 0);
}

void TestSpeechdModule::pronunciations_data()
{
    QTest::addColumn<bool>("byConfig"); // the data dir named in the configuration file, else by the environment
    QTest::addColumn<bool>("wal");
    QTest::newRow("TTS_STUDIO_DATA_DIR") << false << false;
    QTest::newRow("TtsStudioDataDir") << true << false;
    // Closed by the studio: no -wal and no -shm, which a read-only open would make.
    QTest::newRow("WAL, closed") << false << true;
}

void TestSpeechdModule::pronunciations()
{
    QFETCH(bool, byConfig);
    QFETCH(bool, wal);
    QTemporaryDir dataDir;
    writeStudioDatabase(dataDir.path(), wal);
    QCOMPARE(QDir(dataDir.path()).entryList(QDir::Files), QStringList{"tts-studio.db"});
    const QString db = QDir(dataDir.path()).filePath(QStringLiteral("tts-studio.db"));
    const QFileInfo before(db);
    QTemporaryDir confDir;
    const QString conf = confDir.filePath(QStringLiteral("tts_studio.conf"));
    QFile file(conf);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# test\nTtsStudioDataDir \"" + dataDir.path().toUtf8() + "\"\n");
    file.close();
    ModuleClient with(byConfig ? QStringList{conf} : QStringList{},
                      byConfig ? m_environment : QStringList{QStringLiteral("TTS_STUDIO_DATA_DIR=") + dataDir.path()});
    ModuleClient without({}, m_environment);
    QVERIFY(with.initialize());
    QVERIFY(without.initialize());
    const QByteArray text = "<speak>Zork.</speak>";
    const qint64 said = samplesOf(speakMessage(with, "synthesis_voice=af_sarah\n", "SPEAK", text));
    const qint64 plain = samplesOf(speakMessage(without, "synthesis_voice=af_sarah\n", "SPEAK", text));
    // Twelve words said for one: several times as long.
    QVERIFY2(said > 3 * plain, qPrintable(QStringLiteral("%1 against %2").arg(said).arg(plain)));
    QCOMPARE(QDir(dataDir.path()).entryList(QDir::Files), QStringList{"tts-studio.db"});
    QCOMPARE(QFileInfo(db).lastModified(), before.lastModified());
    QCOMPARE(QFileInfo(db).size(), before.size());
}

void TestSpeechdModule::pronunciationsFollowTheStudio()
{
    QTemporaryDir dataDir;
    writeStudioDatabase(dataDir.path());
    ModuleClient module({}, {QStringLiteral("TTS_STUDIO_DATA_DIR=") + dataDir.path()});
    QVERIFY(module.initialize());
    const QByteArray text = "<speak>Zork.</speak>";
    const qint64 before = samplesOf(speakMessage(module, "synthesis_voice=af_sarah\n", "SPEAK", text));
    // The studio takes the entry out: the next message says the word as written.
    QTest::qWait(20);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("studio"));
        db.setDatabaseName(QDir(dataDir.path()).filePath(QStringLiteral("tts-studio.db")));
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec("UPDATE lexicons SET entries = '[]' WHERE account_id = 7"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("studio"));
    const qint64 after = samplesOf(speakMessage(module, "synthesis_voice=af_sarah\n", "SPEAK", text));
    QVERIFY2(before > 3 * after, qPrintable(QStringLiteral("%1 then %2").arg(before).arg(after)));
}

void TestSpeechdModule::dataDirNeverCreated()
{
    QTemporaryDir parent;
    const QString missing = QDir(parent.path()).filePath(QStringLiteral("never"));
    ModuleClient module({}, {QStringLiteral("TTS_STUDIO_DATA_DIR=") + missing});
    QVERIFY(module.initialize());
    const QStringList lines = ModuleClient::linesOf(speakMessage(module, "synthesis_voice=ef_dora\n", "SPEAK", "Hola."));
    QCOMPARE(lines.last(), QStringLiteral("702 END"));
    QVERIFY(!QFileInfo::exists(missing));
    QVERIFY(QDir(m_emptyDataDir.path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestSpeechdModule)
#include "tst_speechdmodule.moc"
