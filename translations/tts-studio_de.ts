<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
    <context>
        <name>AccountsPage</name>
        <message>
            <location filename="../ui/accountspage.cpp" line="55" />
            <location filename="../ui/accountspage.cpp" line="123" />
            <source>Pro</source>
            <translation>Pro</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="56" />
            <location filename="../ui/accountspage.cpp" line="122" />
            <source>Free</source>
            <translation>Kostenlos</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="132" />
            <source>Optional, shown in the ledger</source>
            <translation>Optional, wird in den Buchungen angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="172" />
            <location filename="../ui/accountspage.cpp" line="184" />
            <source>Accounts</source>
            <translation>Konten</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Plan</source>
            <translation>Tarif</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <location filename="../ui/accountspage.cpp" line="206" />
            <location filename="../ui/accountspage.cpp" line="362" />
            <source>Credits</source>
            <translation>Credits</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <location filename="../ui/accountspage.cpp" line="206" />
            <location filename="../ui/accountspage.cpp" line="362" />
            <source>Wallet</source>
            <translation>Guthaben</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="187" />
            <source>New account…</source>
            <translation>Neues Konto…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="189" />
            <source>Change plan…</source>
            <translation>Tarif ändern…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="191" />
            <source>Add credits…</source>
            <translation>Credits hinzufügen…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="193" />
            <source>Top up wallet…</source>
            <translation>Guthaben aufladen…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <location filename="../ui/accountspage.cpp" line="216" />
            <location filename="../ui/accountspage.cpp" line="330" />
            <source>Ledger</source>
            <translation>Buchungen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Source</source>
            <translation>Quelle</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Generation</source>
            <translation>Generierung</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Note</source>
            <translation>Notiz</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="285" />
            <source>No accounts yet. Create the first one to generate speech and issue API keys; a new account starts with %1 credits.</source>
            <translation>Noch keine Konten. Legen Sie das erste an, um Sprache zu erzeugen und API-Schlüssel auszugeben; ein neues Konto startet mit %1 Credits.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="287" />
            <source>Credits are spent first (%1 per token on the base model, %2 on advanced); when they run out, the prepaid wallet pays. Balances here are local bookkeeping.</source>
            <translation>Zuerst werden Credits verbraucht (%1 pro Token beim Basismodell, %2 beim erweiterten); sind sie aufgebraucht, zahlt das Prepaid-Guthaben. Die Salden hier sind lokale Buchführung.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="334" />
            <source>Ledger — %1</source>
            <translation>Buchungen — %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="349" />
            <source>Credits added</source>
            <translation>Credits hinzugefügt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="350" />
            <source>Wallet top-up</source>
            <translation>Guthaben aufgeladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="351" />
            <source>Held when a generation was created</source>
            <translation>Beim Erstellen einer Generierung reserviert</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="352" />
            <source>Charged when the generation completed</source>
            <translation>Beim Abschluss der Generierung abgerechnet</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="353" />
            <source>Returned: the generation failed or was cancelled</source>
            <translation>Zurückgebucht: Die Generierung ist fehlgeschlagen oder wurde abgebrochen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="386" />
            <source>Select an account to see every movement of its credits and wallet.</source>
            <translation>Wählen Sie ein Konto, um alle Buchungen seiner Credits und seines Guthabens zu sehen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="388" />
            <source>No movements yet.</source>
            <translation>Noch keine Buchungen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="390" />
            <source>Showing the latest %1 movements.</source>
            <translation>Die letzten %1 Buchungen werden angezeigt.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="392" />
            <source>The ledger adds up to the balances.</source>
            <translation>Die Buchungen stimmen mit den Salden überein.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="393" />
            <source>Warning: the ledger does not add up to the balances.</source>
            <translation>Warnung: Die Buchungen stimmen nicht mit den Salden überein.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="409" />
            <source>New account</source>
            <translation>Neues Konto</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="410" />
            <source>An account owns API keys, generations and balances.</source>
            <translation>Zu einem Konto gehören API-Schlüssel, Generierungen und Salden.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="410" />
            <source>Create</source>
            <translation>Erstellen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="414" />
            <source>e.g. alice or my-app</source>
            <translation>z. B. alice oder my-app</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="426" />
            <source>&amp;Name:</source>
            <translation>&amp;Name:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="427" />
            <location filename="../ui/accountspage.cpp" line="465" />
            <source>&amp;Plan:</source>
            <translation>&amp;Tarif:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="428" />
            <source>Starting &amp;credits:</source>
            <translation>Start-&amp;Credits:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="429" />
            <source>Starting &amp;wallet:</source>
            <translation>Start&amp;guthaben:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="441" />
            <source>The account was not created: %1</source>
            <translation>Das Konto wurde nicht erstellt: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="445" />
            <source>Account “%1” created (%2 plan, %3 credits, %4 in the wallet).</source>
            <translation>Konto „%1“ erstellt (Tarif %2, %3 Credits, %4 Guthaben).</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="460" />
            <source>Change plan</source>
            <translation>Tarif ändern</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="461" />
            <source>The plan of “%1”. The v3 API serves every voice on either plan; the legacy v2 API keeps premium voices for Pro.</source>
            <translation>Der Tarif von „%1“. Die v3-API bietet in beiden Tarifen alle Stimmen; die ältere v2-API behält Premium-Stimmen dem Tarif Pro vor.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="463" />
            <source>Change</source>
            <translation>Ändern</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="471" />
            <source>The plan was not changed: %1</source>
            <translation>Der Tarif wurde nicht geändert: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="477" />
            <source>“%1” is now on the %2 plan.</source>
            <translation>„%1“ hat jetzt den Tarif %2.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="488" />
            <source>Add credits</source>
            <translation>Credits hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="489" />
            <source>Credits for “%1”: one pays for a token of base speech, two for advanced.</source>
            <translation>Credits für „%1“: ein Credit pro Token Basis-Sprache, zwei pro Token erweiterte Sprache.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="491" />
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="498" />
            <source>&amp;Credits:</source>
            <translation>&amp;Credits:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="499" />
            <location filename="../ui/accountspage.cpp" line="535" />
            <source>N&amp;ote:</source>
            <translation>&amp;Notiz:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="507" />
            <source>No credits were added: %1</source>
            <translation>Es wurden keine Credits hinzugefügt: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="510" />
            <source>Added %1 credits to “%2”: %3 now.</source>
            <translation>%1 Credits zu „%2“ hinzugefügt: jetzt %3.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="523" />
            <source>Top up wallet</source>
            <translation>Guthaben aufladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="524" />
            <source>Money for “%1” when its credits run out. This is local bookkeeping: no payment is taken.</source>
            <translation>Geld für „%1“, wenn die Credits aufgebraucht sind. Dies ist lokale Buchführung: Es wird keine Zahlung eingezogen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="526" />
            <source>Top up</source>
            <translation>Aufladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="534" />
            <source>&amp;Amount:</source>
            <translation>&amp;Betrag:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="543" />
            <source>The wallet was not topped up: %1</source>
            <translation>Das Guthaben wurde nicht aufgeladen: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="546" />
            <source>Added %1 to the wallet of “%2”: %3 now.</source>
            <translation>%1 zum Guthaben von „%2“ hinzugefügt: jetzt %3.</translation>
        </message>
    </context>
    <context>
        <name>AudioPlayer</name>
        <message>
            <location filename="../ui/audioplayer.cpp" line="46" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation>Kein Audioausgabegerät gefunden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
        <message>
            <location filename="../ui/audioplayer.cpp" line="54" />
            <source>The audio device could not be opened: speech is generated and saved, but cannot be played here.</source>
            <translation>Das Audiogerät konnte nicht geöffnet werden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
    </context>
    <context>
        <name>CustomVoiceDialog</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="45" />
            <source>New custom voice</source>
            <translation>Neue eigene Stimme</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="51" />
            <source>e.g. Narrator, slower and deeper</source>
            <translation>z. B. Erzähler, langsamer und tiefer</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="52" />
            <source>&amp;Name:</source>
            <translation>&amp;Name:</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="55" />
            <source>Base voice</source>
            <translation>Basisstimme</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="62" />
            <source>, premium</source>
            <translation>, Premium</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="64" />
            <source>&amp;Base voice:</source>
            <translation>Basis&amp;stimme:</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="66" />
            <source>Factor on the base voice's pitch: below 1 is deeper, above 1 higher (0.5 to 2.0).</source>
            <translation>Faktor auf die Tonhöhe der Basisstimme: unter 1 tiefer, über 1 höher (0.5 bis 2.0).</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="67" />
            <source>&amp;Pitch:</source>
            <translation>&amp;Tonhöhe:</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="68" />
            <source>Factor on the speaking rate: below 1 is slower, above 1 faster (0.5 to 2.0).</source>
            <translation>Faktor auf das Sprechtempo: unter 1 langsamer, über 1 schneller (0.5 bis 2.0).</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="69" />
            <source>&amp;Rate:</source>
            <translation>Tem&amp;po:</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="71" />
            <source>Optional, up to 500 characters</source>
            <translation>Optional, bis zu 500 Zeichen</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="73" />
            <source>&amp;Description:</source>
            <translation>&amp;Beschreibung:</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="76" />
            <source>Match a reference recording (optional)</source>
            <translation>An eine Referenzaufnahme angleichen (optional)</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="81" />
            <source>&lt;b&gt;An approximation, not voice cloning.&lt;/b&gt; Only the recording's median pitch and its speaking pace (syllables per second) are measured; pitch and rate above are set so the base voice matches them. The timbre, accent and intonation of the speaker are not copied.</source>
            <translation>&lt;b&gt;Eine Annäherung, kein Stimmklonen.&lt;/b&gt; Gemessen werden nur die mittlere Tonhöhe (Median) der Aufnahme und ihr Sprechtempo (Silben pro Sekunde); Tonhöhe und Tempo oben werden so gesetzt, dass die Basisstimme dazu passt. Klangfarbe, Akzent und Intonation des Sprechers werden nicht übernommen.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="92" />
            <source>A WAV file (16-bit PCM, mono or stereo, at least 1 s of speech)</source>
            <translation>WAV-Datei (16-Bit-PCM, mono oder stereo, mind. 1 s Sprache)</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="93" />
            <source>Choose WAV…</source>
            <translation>WAV auswählen…</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="110" />
            <source>Create</source>
            <translation>Erstellen</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="119" />
            <source>The base voice changed: choose the recording again to match it.</source>
            <translation>Die Basisstimme wurde geändert: Wählen Sie die Aufnahme erneut, um sie anzugleichen.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="141" />
            <source>Edit custom voice %1</source>
            <translation>Eigene Stimme %1 bearbeiten</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="142" />
            <source>Save</source>
            <translation>Speichern</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="179" />
            <source>Measuring synthesizes a test sentence with %1 once; it is not billed.</source>
            <translation>Zum Messen wird einmal ein Testsatz mit %1 synthetisiert; das wird nicht berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="180" />
            <source>Available when the base voice is an advanced (premium) voice.</source>
            <translation>Verfügbar, wenn die Basisstimme eine erweiterte (Premium-)Stimme ist.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="185" />
            <source>Reference recording</source>
            <translation>Referenzaufnahme</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="186" />
            <source>WAV audio (*.wav);;All files (*)</source>
            <translation>WAV-Audio (*.wav);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="195" />
            <source>Choose an advanced base voice first.</source>
            <translation>Wählen Sie zuerst eine erweiterte Basisstimme.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="204" />
            <source>Measuring the recording and %1…</source>
            <translation>Aufnahme und %1 werden gemessen…</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="221" />
            <source>Not matched: %1</source>
            <translation>Nicht angeglichen: %1</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="229" />
            <source>Recording: median pitch %1 Hz, %2 syllables/s. %3: %4 Hz, %5 syllables/s. Set pitch %6× and rate %7× (limited to 0.5–2.0).</source>
            <translation>Aufnahme: mittlere Tonhöhe %1 Hz, %2 Silben/s. %3: %4 Hz, %5 Silben/s. Tonhöhe %6× und Tempo %7× gesetzt (begrenzt auf 0.5–2.0).</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="247" />
            <source>Give the voice a name.</source>
            <translation>Geben Sie der Stimme einen Namen.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="252" />
            <source>The description is too long: at most 500 characters.</source>
            <translation>Die Beschreibung ist zu lang: höchstens 500 Zeichen.</translation>
        </message>
    </context>
    <context>
        <name>GeneratePage</name>
        <message>
            <location filename="../ui/generatepage.cpp" line="77" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation>Kein Audioausgabegerät gefunden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="103" />
            <source>Write or paste the text to speak, or drop a .txt file here.</source>
            <translation>Text zum Sprechen eingeben oder einfügen – oder eine .txt-Datei hier ablegen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="104" />
            <source>Text to speak</source>
            <translation>Zu sprechender Text</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="109" />
            <source>Open text…</source>
            <translation>Text öffnen…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="115" />
            <source>Voice and settings</source>
            <translation>Stimme und Einstellungen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="118" />
            <source>Base — standard voices, lowest cost</source>
            <translation>Basis — Standardstimmen, niedrigste Kosten</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="119" />
            <source>Advanced — premium voices, 23 languages, expressive</source>
            <translation>Erweitert — Premium-Stimmen, 23 Sprachen, ausdrucksstark</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="120" />
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="124" />
            <source>Search voices (name, gender, accent)…</source>
            <translation>Suchen (Name, Geschlecht, Akzent)…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="135" />
            <source>Voice:</source>
            <translation>Stimme:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="139" />
            <source>&amp;Language:</source>
            <translation>&amp;Sprache:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="146" />
            <source>&amp;Speed:</source>
            <translation>&amp;Geschwindigkeit:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="151" />
            <source>Pacing: higher values read more deliberately, with longer pauses.</source>
            <translation>Sprechrhythmus: Höhere Werte lesen bedächtiger, mit längeren Pausen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="152" />
            <source>&amp;CFG weight:</source>
            <translation>&amp;CFG-Gewichtung:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="157" />
            <source>Expressiveness: how far the pitch moves.</source>
            <translation>Ausdrucksstärke: wie stark die Tonhöhe variiert.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="158" />
            <source>&amp;Exaggeration:</source>
            <translation>&amp;Ausdrucksstärke:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="162" />
            <source>&amp;Format:</source>
            <translation>&amp;Format:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="166" />
            <source>Speak</source>
            <translation>Sprechen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="167" />
            <source>Generate and play while it streams (Ctrl+Enter)</source>
            <translation>Erzeugen und schon während des Streamens abspielen (Strg+Eingabe)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="169" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="170" />
            <source>Stop generating and playing (Esc)</source>
            <translation>Erzeugen und Wiedergabe stoppen (Esc)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="171" />
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="185" />
            <source>Ready.</source>
            <translation>Bereit.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="236" />
            <source>Voice default</source>
            <translation>Standard der Stimme</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="255" />
            <location filename="../ui/generatepage.cpp" line="277" />
            <source>, premium</source>
            <translation>, Premium</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="279" />
            <source>%n character(s)</source>
            <translation>
                <numerusform>%n Zeichen</numerusform>
                <numerusform>%n Zeichen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="280" />
            <source>%n token(s)</source>
            <translation>
                <numerusform>%n Token</numerusform>
                <numerusform>%n Token</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="281" />
            <source>≈ %1 credits or $%2</source>
            <translation>≈ %1 Credits oder $%2</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="284" />
            <source>too long: at most %1 characters</source>
            <translation>zu lang: höchstens %1 Zeichen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="292" />
            <location filename="../ui/generatepage.cpp" line="296" />
            <location filename="../ui/generatepage.cpp" line="305" />
            <source>Open text</source>
            <translation>Text öffnen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="292" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="296" />
            <source>%1 is too large for one generation.</source>
            <translation>%1 ist zu groß für eine einzelne Generierung.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="305" />
            <source>Text files (*.txt);;All files (*)</source>
            <translation>Textdateien (*.txt);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="321" />
            <source>Create or select an account first (Accounts page).</source>
            <translation>Legen Sie zuerst ein Konto an oder wählen Sie eines aus (Seite „Konten &amp; Credits“).</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="344" />
            <source>Generating…</source>
            <translation>Wird erzeugt…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="351" />
            <source>Not generated: %1</source>
            <translation>Nicht erzeugt: %1</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="372" />
            <source>Playing — first sound after %1 ms</source>
            <translation>Wiedergabe — erster Ton nach %1 ms</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="393" />
            <source>Done: %1 s of audio, %2 tokens, $%3 (%4).</source>
            <translation>Fertig: %1 s Audio, %2 Token, $%3 (%4).</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="409" />
            <source>Failed: %1</source>
            <translation>Fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="419" />
            <source>Stopped.</source>
            <translation>Gestoppt.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="431" />
            <source>MP3 audio (*.mp3)</source>
            <translation>MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="431" />
            <source>WAV audio (*.wav);;MP3 audio (*.mp3)</source>
            <translation>WAV-Audio (*.wav);;MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="433" />
            <source>Save speech</source>
            <translation>Sprache speichern</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="455" />
            <source>Saved %1</source>
            <translation>%1 gespeichert</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="455" />
            <source>Could not save %1</source>
            <translation>%1 konnte nicht gespeichert werden</translation>
        </message>
    </context>
    <context>
        <name>HistoryModel</name>
        <message>
            <location filename="../ui/historymodel.cpp" line="305" />
            <source>Wallet</source>
            <translation>Guthaben</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="305" />
            <source>Credits</source>
            <translation>Credits</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="311" />
            <source>%1 (UTC)
ID: %2</source>
            <translation>%1 (UTC)
ID: %2</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="314" />
            <source>Older than the generation lifetime: the audio is no longer available.</source>
            <translation>Älter als die Aufbewahrungsdauer von Generierungen: Das Audio ist nicht mehr verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="316" />
            <source>Generation failed</source>
            <translation>Generierung fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="348" />
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="350" />
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="352" />
            <source>Voice</source>
            <translation>Stimme</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="354" />
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="356" />
            <source>Tokens</source>
            <translation>Token</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="358" />
            <source>Cost</source>
            <translation>Kosten</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="360" />
            <source>Method</source>
            <translation>Zahlart</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="362" />
            <source>Paid from the wallet</source>
            <translation>Aus dem Guthaben bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="362" />
            <source>Paid from the monthly credits</source>
            <translation>Aus den monatlichen Credits bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="391" />
            <source>Text</source>
            <translation>Text</translation>
        </message>
    </context>
    <context>
        <name>HistoryPage</name>
        <message>
            <location filename="../ui/historypage.cpp" line="179" />
            <source>&amp;Status:</source>
            <translation>&amp;Status:</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="182" />
            <source>All</source>
            <translation>Alle</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="187" />
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <source>The list also updates by itself as generations progress.</source>
            <translation>Die Liste aktualisiert sich auch von selbst, während Generierungen fortschreiten.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="220" />
            <source>Generation history</source>
            <translation>Generierungsverlauf</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="231" />
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="232" />
            <source>Play the selected generation (or double-click it)</source>
            <translation>Ausgewählte Generierung abspielen (oder doppelklicken)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="233" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="234" />
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="235" />
            <source>Copy audio URL</source>
            <translation>Audio-URL kopieren</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="285" />
            <source>No account yet. Create one on the Accounts &amp; credits page; its generations will be listed here.</source>
            <translation>Noch kein Konto. Legen Sie eines auf der Seite „Konten &amp; Credits“ an; seine Generierungen erscheinen dann hier.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="287" />
            <source>No generations yet. Speak something on the Generate page or call the API; generations appear here as they are queued and finish.</source>
            <translation>Noch keine Generierungen. Sprechen Sie etwas auf der Seite „Erzeugen“ oder rufen Sie die API auf; Generierungen erscheinen hier, sobald sie eingereiht und fertig sind.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="290" />
            <source>No generations with status %1.</source>
            <translation>Keine Generierungen mit dem Status %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="367" />
            <source>No API server in this window, so there is no link to give.</source>
            <translation>In diesem Fenster läuft kein API-Server, daher gibt es keinen Link.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="376" />
            <source>Select a generation to see its text and play it.</source>
            <translation>Wählen Sie eine Generierung, um ihren Text zu sehen und sie abzuspielen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="393" />
            <source>Generation failed</source>
            <translation>Generierung fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="395" />
            <source>Expired %1: the audio has been removed.</source>
            <translation>Abgelaufen am %1: Das Audio wurde entfernt.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>Loading audio…</source>
            <translation>Audio wird geladen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="414" />
            <source>Cannot play %1: %2</source>
            <translation>%1 kann nicht abgespielt werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="446" />
            <source>MP3 audio (*.mp3)</source>
            <translation>MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="446" />
            <source>WAV audio (*.wav)</source>
            <translation>WAV-Audio (*.wav)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="447" />
            <source>Save audio</source>
            <translation>Audio speichern</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="464" />
            <source>Could not save %1: %2</source>
            <translation>%1 konnte nicht gespeichert werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="477" />
            <source>Link copied; it works without an API key until %1.</source>
            <translation>Link kopiert; er funktioniert ohne API-Schlüssel bis %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="478" />
            <source>Link copied; it works once the API server runs, until %1.</source>
            <translation>Link kopiert; er funktioniert, sobald der API-Server läuft, bis %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="120" />
            <source>Voice previews</source>
            <translation>Stimmproben</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="122" />
            <source>Also list the samples played on the Voices page.</source>
            <translation>Auch die auf der Seite „Stimmen“ abgespielten Hörproben auflisten.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="184" />
            <source>Save the audio as WAV or MP3</source>
            <translation>Das Audio als WAV oder MP3 speichern</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="185" />
            <source>Open in Generate</source>
            <translation>In „Erzeugen“ öffnen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="186" />
            <source>Put this text and its settings on the Generate page</source>
            <translation>Diesen Text und seine Einstellungen auf die Seite „Erzeugen“ übernehmen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="187" />
            <source>Delete…</source>
            <translation>Löschen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <location filename="../ui/historypage.cpp" line="372" />
            <source>Delete the generation and its audio file (Del)</source>
            <translation>Die Generierung und ihre Audiodatei löschen (Entf)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="273" />
            <source>No generations match %1.</source>
            <translation>Keine Generierung passt zu %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="538" />
            <source>Saving %1…</source>
            <translation>%1 wird gespeichert…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="587" />
            <source>Delete generation</source>
            <translation>Generierung löschen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="588" />
            <source>Delete %1 and its audio file?</source>
            <translation>%1 und die Audiodatei löschen?</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="591" />
            <source>This cannot be undone. What it cost is not refunded.</source>
            <translation>Das kann nicht rückgängig gemacht werden. Die Kosten werden nicht erstattet.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="593" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="609" />
            <source>Deleting…</source>
            <translation>Wird gelöscht…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="614" />
            <source>Could not delete: %1</source>
            <translation>Löschen nicht möglich: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="618" />
            <source>Deleted %1.</source>
            <translation>%1 gelöscht.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="619" />
            <source>Deleted, but its audio file could not be removed: %1</source>
            <translation>Gelöscht, aber die Audiodatei konnte nicht entfernt werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="47" />
            <source>not a WAV file</source>
            <translation>keine WAV-Datei</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="49" />
            <source>not 16-bit mono 24 kHz audio</source>
            <translation>kein 16-Bit-Mono-Audio mit 24 kHz</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="51" />
            <source>not 24 kHz audio</source>
            <translation>kein Audio mit 24 kHz</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="53" />
            <source>no audio data in the file</source>
            <translation>keine Audiodaten in der Datei</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="55" />
            <source>no MP3 decoder</source>
            <translation>kein MP3-Decoder</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="57" />
            <source>the MP3 data is damaged</source>
            <translation>die MP3-Daten sind beschädigt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="69" />
            <source>“%1”</source>
            <translation>„%1“</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="109" />
            <source>Search text or voice…</source>
            <translation>Text oder Stimme suchen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="111" />
            <source>Search the history</source>
            <translation>Den Verlauf durchsuchen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="371" />
            <source>Still being generated: it can be deleted once it has finished.</source>
            <translation>Wird noch erzeugt: Löschen ist möglich, sobald sie fertig ist.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="375" />
            <source>Copy a signed download link; it works without an API key until the generation expires or is deleted.</source>
            <translation>Einen signierten Download-Link kopieren; er funktioniert ohne API-Schlüssel, bis die Generierung abläuft oder gelöscht wird.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="395" />
            <source>speed %1×</source>
            <translation>Geschwindigkeit %1×</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="397" />
            <source>CFG weight %1</source>
            <translation>CFG-Gewichtung %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="398" />
            <source>exaggeration %1</source>
            <translation>Ausdrucksstärke %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>Made in the studio: kept until you delete it.</source>
            <translation>Im Studio erzeugt: bleibt erhalten, bis Sie sie löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="412" />
            <source>Made through the API: the audio is available until %1.</source>
            <translation>Über die API erzeugt: Das Audio ist bis %1 verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="440" />
            <source>Playing %1 (%2)</source>
            <translation>Wiedergabe von %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="547" />
            <source>Saved %1 (%2, %3)</source>
            <translation>%1 gespeichert (%2, %3)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="564" />
            <source>Link copied; it works without an API key until you delete the generation.</source>
            <translation>Link kopiert; er funktioniert ohne API-Schlüssel, bis Sie die Generierung löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="565" />
            <source>Link copied; it works once the API server runs, until you delete the generation.</source>
            <translation>Link kopiert; er funktioniert, sobald der API-Server läuft, bis Sie die Generierung löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="406" />
            <source>Tokens: %1</source>
            <translation>Token: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>%1 paid from the wallet</source>
            <translation>%1 aus dem Guthaben bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>%1 paid from the monthly credits</source>
            <translation>%1 aus den monatlichen Credits bezahlt</translation>
        </message>
    </context>
    <context>
        <name>KeysPage</name>
        <message>
            <location filename="../ui/keyspage.cpp" line="55" />
            <source>Name for the new key, e.g. the program that will use it</source>
            <translation>Name für den neuen Schlüssel, z. B. das Programm, das ihn nutzt</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="58" />
            <source>New key name</source>
            <translation>Name des neuen Schlüssels</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="59" />
            <source>Create key</source>
            <translation>Schlüssel erstellen</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Key</source>
            <translation>Schlüssel</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="79" />
            <source>API keys</source>
            <translation>API-Schlüssel</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="83" />
            <source>Revoke…</source>
            <translation>Widerrufen…</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="85" />
            <source>The key stops working at once; this cannot be undone.</source>
            <translation>Der Schlüssel funktioniert sofort nicht mehr; das kann nicht rückgängig gemacht werden.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="112" />
            <source>No account yet. Create one on the &lt;b&gt;Accounts &amp;amp; credits&lt;/b&gt; page, then give programs API keys for it here.</source>
            <translation>Noch kein Konto. Legen Sie eines auf der Seite &lt;b&gt;Konten &amp;amp; Credits&lt;/b&gt; an und geben Sie Programmen dann hier API-Schlüssel dafür.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="117" />
            <source>Programs use the v3 API as this account by sending a key in the &lt;tt&gt;x-api-key&lt;/tt&gt; header. A key is shown once, when it is created; revoke any key you no longer trust.</source>
            <translation>Programme nutzen die v3-API im Namen dieses Kontos, indem sie einen Schlüssel im Header &lt;tt&gt;x-api-key&lt;/tt&gt; senden. Ein Schlüssel wird nur einmal angezeigt, beim Erstellen; widerrufen Sie jeden Schlüssel, dem Sie nicht mehr vertrauen.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="140" />
            <source>Only the last four characters of a key are kept.</source>
            <translation>Von einem Schlüssel werden nur die letzten vier Zeichen aufbewahrt.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="142" />
            <source>Revoked %1</source>
            <translation>Widerrufen am %1</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="142" />
            <source>Active</source>
            <translation>Aktiv</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="202" />
            <source>The key was not created: %1</source>
            <translation>Der Schlüssel wurde nicht erstellt: %1</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="207" />
            <source>Key “%1” created.</source>
            <translation>Schlüssel „%1“ erstellt.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="221" />
            <source>New API key “%1”</source>
            <translation>Neuer API-Schlüssel „%1“</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="225" />
            <source>&lt;b&gt;Copy this key now — it will not be shown again.&lt;/b&gt;&lt;br&gt;Only a hash and its last four characters are stored. If you lose it, revoke it and create a new one.</source>
            <translation>&lt;b&gt;Kopieren Sie diesen Schlüssel jetzt — er wird nicht noch einmal angezeigt.&lt;/b&gt;&lt;br&gt;Gespeichert werden nur ein Hash und seine letzten vier Zeichen. Geht er verloren, widerrufen Sie ihn und erstellen Sie einen neuen.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="239" />
            <source>New API key</source>
            <translation>Neuer API-Schlüssel</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="240" />
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="246" />
            <source>Send it with every request as the header &lt;tt&gt;x-api-key: %1&lt;/tt&gt;</source>
            <translation>Senden Sie ihn bei jeder Anfrage als Header &lt;tt&gt;x-api-key: %1&lt;/tt&gt;</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="248" />
            <source>, e.g. to &lt;tt&gt;%1/v3/voices&lt;/tt&gt;</source>
            <translation>, z. B. an &lt;tt&gt;%1/v3/voices&lt;/tt&gt;</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="255" />
            <source>I have copied it</source>
            <translation>Ich habe ihn kopiert</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="261" />
            <source>Copied</source>
            <translation>Kopiert</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="276" />
            <source>Revoke API key</source>
            <translation>API-Schlüssel widerrufen</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="277" />
            <source>Revoke the key “%1” (ending in %2)?</source>
            <translation>Den Schlüssel „%1“ (endet auf %2) widerrufen?</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="280" />
            <source>Programs using it are refused from their next request on. This cannot be undone.</source>
            <translation>Programme, die ihn nutzen, werden ab ihrer nächsten Anfrage abgewiesen. Das kann nicht rückgängig gemacht werden.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="281" />
            <source>Revoke</source>
            <translation>Widerrufen</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="296" />
            <source>Key “%1” revoked: it no longer works.</source>
            <translation>Schlüssel „%1“ widerrufen: Er funktioniert nicht mehr.</translation>
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="297" />
            <source>The key was not revoked: %1</source>
            <translation>Der Schlüssel wurde nicht widerrufen: %1</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../ui/mainwindow.cpp" line="33" />
            <source>TTS Studio</source>
            <translation>TTS Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="36" />
            <source>Studio</source>
            <translation>Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="39" />
            <source> Account: </source>
            <translation> Konto: </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="42" />
            <source>Account</source>
            <translation>Konto</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="50" />
            <source>Server settings…</source>
            <translation>Servereinstellungen…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Generate</source>
            <translation>Erzeugen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>History</source>
            <translation>Verlauf</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Voices</source>
            <translation>Stimmen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>API keys</source>
            <translation>API-Schlüssel</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Accounts &amp; credits</source>
            <translation>Konten &amp; Credits</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="101" />
            <source>Server</source>
            <translation>Server</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="136" />
            <source>No account yet — create one on the Accounts page</source>
            <translation>Noch kein Konto — legen Sie eines unter „Konten &amp; Credits“ an</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="149" />
            <source> API server: not available </source>
            <translation> API-Server: nicht verfügbar </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="154" />
            <source> API server: running at %1 </source>
            <translation> API-Server: läuft unter %1 </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="155" />
            <source>Stop server</source>
            <translation>Server stoppen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="158" />
            <source> API server: stopped </source>
            <translation> API-Server: gestoppt </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="158" />
            <source> API server: stopped (%1) </source>
            <translation> API-Server: gestoppt (%1) </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="159" />
            <source>Start server</source>
            <translation>Server starten</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="170" />
            <location filename="../ui/mainwindow.cpp" line="187" />
            <location filename="../ui/mainwindow.cpp" line="192" />
            <source>Server settings</source>
            <translation>Servereinstellungen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="176" />
            <source>Listen address:</source>
            <translation>Lauschadresse:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="177" />
            <source>Port (0 = any free port):</source>
            <translation>Port (0 = beliebiger freier Port):</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="178" />
            <source>127.0.0.1 keeps the API on this machine; 0.0.0.0 opens it to the network.</source>
            <translation>127.0.0.1 beschränkt die API auf diesen Rechner; 0.0.0.0 öffnet sie für das Netzwerk.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="187" />
            <source>'%1' is not an IP address.</source>
            <translation>„%1“ ist keine IP-Adresse.</translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="210" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="212" />
            <source>The recording is too large (at most 64 MiB).</source>
            <translation>Die Aufnahme ist zu groß (höchstens 64 MiB).</translation>
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="18" />
            <source>API server</source>
            <translation>API-Server</translation>
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="19" />
            <source>The API server could not start: %1. The studio works without it; change the port under Server settings.</source>
            <translation>Der API-Server konnte nicht starten: %1. Das Studio funktioniert auch ohne ihn; ändern Sie den Port unter „Servereinstellungen“.</translation>
        </message>
    </context>
    <context>
        <name>StudioLabels</name>
        <message>
            <location filename="../ui/studiolabels.cpp" line="13" />
            <source>Queued</source>
            <translation>In der Warteschlange</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="15" />
            <source>Generating</source>
            <translation>Wird erzeugt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="17" />
            <source>Completed</source>
            <translation>Fertig</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="19" />
            <source>Failed</source>
            <translation>Fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="21" />
            <source>Expired</source>
            <translation>Abgelaufen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="28" />
            <source>Base</source>
            <translation>Basis</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="30" />
            <source>Advanced</source>
            <translation>Erweitert</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="67" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
    </context>
    <context>
        <name>VoicesPage</name>
        <message>
            <location filename="../ui/voicespage.cpp" line="85" />
            <source>No audio output is available: previews are generated (and billed) but cannot be heard here.</source>
            <translation>Keine Audioausgabe verfügbar: Vorschauen werden erzeugt (und berechnet), sind hier aber nicht zu hören.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="109" />
            <source>All models</source>
            <translation>Alle Modelle</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="110" />
            <source>Base</source>
            <translation>Basis</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="111" />
            <source>Advanced</source>
            <translation>Erweitert</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="112" />
            <source>Model filter</source>
            <translation>Modellfilter</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="113" />
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="116" />
            <source>Search voices (name, id, gender, accent, description)…</source>
            <translation>Stimmen suchen (Name, ID, Geschlecht, Akzent, Beschreibung)…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="118" />
            <source>Search voices</source>
            <translation>Stimmen suchen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>ID</source>
            <translation>ID</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Gender</source>
            <translation>Geschlecht</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Accent</source>
            <translation>Akzent</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Play</source>
            <translation>Anhören</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Custom</source>
            <translation>Eigene</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="145" />
            <source>Voices</source>
            <translation>Stimmen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="155" />
            <location filename="../ui/voicespage.cpp" line="341" />
            <source>Preview</source>
            <translation>Vorschau</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="156" />
            <source>New custom voice…</source>
            <translation>Neue eigene Stimme…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="157" />
            <source>Edit…</source>
            <translation>Bearbeiten…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="158" />
            <source>Delete…</source>
            <translation>Löschen…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="159" />
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="160" />
            <source>A system voice with its own pitch and rate, optionally matched to a recording</source>
            <translation>Eine Systemstimme mit eigener Tonhöhe und eigenem Tempo, optional an eine Aufnahme angeglichen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="170" />
            <source>Click ▶ to hear a voice; click again to stop. Previews are real generations and are billed.</source>
            <translation>Klicken Sie auf ▶, um eine Stimme anzuhören, und erneut, um zu stoppen. Vorschauen sind echte Generierungen und werden berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="180" />
            <source>No audio output device was found: previews are generated (and billed) but cannot be heard here.</source>
            <translation>Kein Audioausgabegerät gefunden: Vorschauen werden erzeugt (und berechnet), sind hier aber nicht zu hören.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="268" />
            <source>Preview %1: plays a short sample sentence; click again to stop.
A preview is a real generation: it is billed to the selected account (about %2 credits or $%3) and appears in the history.</source>
            <translation>Vorschau von %1: spielt einen kurzen Beispielsatz; erneut klicken zum Stoppen.
Eine Vorschau ist eine echte Generierung: Sie wird dem ausgewählten Konto berechnet (etwa %2 Credits oder $%3) und erscheint im Verlauf.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Free</source>
            <translation>Kostenlos</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Premium</source>
            <translation>Premium</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Yes</source>
            <translation>Ja</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="286" />
            <source>%n voice(s)</source>
            <translation>
                <numerusform>%n Stimme</numerusform>
                <numerusform>%n Stimmen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="287" />
            <source>%n custom</source>
            <translation>
                <numerusform>%n eigene</numerusform>
                <numerusform>%n eigene</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="341" />
            <source>Stop preview</source>
            <translation>Vorschau stoppen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="343" />
            <source>Play a short sample sentence in the selected voice (Esc stops).
A preview is a real generation: it is billed to the selected account and appears in the history.</source>
            <translation>Einen kurzen Beispielsatz mit der ausgewählten Stimme abspielen (Esc stoppt).
Eine Vorschau ist eine echte Generierung: Sie wird dem ausgewählten Konto berechnet und erscheint im Verlauf.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="345" />
            <source>%1 shown</source>
            <translation>%1 angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="352" />
            <source>Select a voice to see its description.</source>
            <translation>Wählen Sie eine Stimme, um ihre Beschreibung zu sehen.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="353" />
            <location filename="../ui/voicespage.cpp" line="392" />
            <location filename="../ui/voicespage.cpp" line="480" />
            <source>Create or select an account first (Accounts page).</source>
            <translation>Legen Sie zuerst ein Konto an oder wählen Sie eines aus (Seite „Konten &amp; Credits“).</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="362" />
            <source>Custom voice based on %1 (%2): pitch %3×, rate %4×.</source>
            <translation>Eigene Stimme auf Basis von %1 (%2): Tonhöhe %3×, Tempo %4×.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="378" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="409" />
            <source>Previewing %1…</source>
            <translation>Vorschau von %1…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="416" />
            <source>No preview of %1: %2</source>
            <translation>Keine Vorschau von %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="433" />
            <source>Preview of %1: %2 s, billed %3 tokens ($%4, %5).</source>
            <translation>Vorschau von %1: %2 s, %3 Token berechnet ($%4, %5).</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="446" />
            <source>Preview of %1 failed: %2</source>
            <translation>Vorschau von %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="460" />
            <source>Preview stopped.</source>
            <translation>Vorschau gestoppt.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="502" />
            <source>The voice %1 no longer exists.</source>
            <translation>Die Stimme %1 existiert nicht mehr.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="546" />
            <source>Created the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) erstellt.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="547" />
            <source>Saved the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) gespeichert.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="572" />
            <source>Delete custom voice</source>
            <translation>Eigene Stimme löschen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="573" />
            <source>Delete the custom voice "%1" (%2)?

Generations made with it keep their audio, but the voice can no longer be used. This cannot be undone.</source>
            <translation>Die eigene Stimme „%1“ (%2) löschen?

Mit ihr erzeugte Generierungen behalten ihr Audio, aber die Stimme kann nicht mehr verwendet werden. Das kann nicht rückgängig gemacht werden.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="587" />
            <source>Deleted the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) gelöscht.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="588" />
            <source>Could not delete %1: %2</source>
            <translation>%1 konnte nicht gelöscht werden: %2</translation>
        </message>
    </context>
    <context>
        <name>WaveformView</name>
        <message>
            <location filename="../ui/waveformview.cpp" line="15" />
            <source>Waveform</source>
            <translation>Wellenform</translation>
        </message>
        <message>
            <location filename="../ui/waveformview.cpp" line="65" />
            <source>The waveform appears here while speech streams in.</source>
            <translation>Die Wellenform erscheint hier, während die Sprache gestreamt wird.</translation>
        </message>
    </context>
</TS>
