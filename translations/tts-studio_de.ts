<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
    <context>
        <name>AccountsPage</name>
        <message>
            <location filename="../ui/accountspage.cpp" line="52" />
            <location filename="../ui/accountspage.cpp" line="120" />
            <source>Pro</source>
            <translation>Pro</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="53" />
            <location filename="../ui/accountspage.cpp" line="119" />
            <source>Free</source>
            <translation>Kostenlos</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="129" />
            <source>Optional, shown in the ledger</source>
            <translation>Optional, wird in den Buchungen angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="169" />
            <location filename="../ui/accountspage.cpp" line="181" />
            <source>Accounts</source>
            <translation>Konten</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="174" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="174" />
            <source>Plan</source>
            <translation>Tarif</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="174" />
            <location filename="../ui/accountspage.cpp" line="203" />
            <location filename="../ui/accountspage.cpp" line="361" />
            <source>Credits</source>
            <translation>Credits</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="174" />
            <location filename="../ui/accountspage.cpp" line="203" />
            <location filename="../ui/accountspage.cpp" line="361" />
            <source>Wallet</source>
            <translation>Guthaben</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="174" />
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="184" />
            <source>New account…</source>
            <translation>Neues Konto…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="186" />
            <source>Change plan…</source>
            <translation>Tarif ändern…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="188" />
            <source>Add credits…</source>
            <translation>Credits hinzufügen…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="190" />
            <source>Top up wallet…</source>
            <translation>Guthaben aufladen…</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="200" />
            <location filename="../ui/accountspage.cpp" line="215" />
            <location filename="../ui/accountspage.cpp" line="329" />
            <source>Ledger</source>
            <translation>Buchungen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <source>Source</source>
            <translation>Quelle</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <source>Generation</source>
            <translation>Generierung</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <source>Note</source>
            <translation>Notiz</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="284" />
            <source>No accounts yet. Create the first one to generate speech and issue API keys; a new account starts with %1 credits.</source>
            <translation>Noch keine Konten. Legen Sie das erste an, um Sprache zu erzeugen und API-Schlüssel auszugeben; ein neues Konto startet mit %1 Credits.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="286" />
            <source>Credits are spent first (%1 per token on the base model, %2 on advanced); when they run out, the prepaid wallet pays. Balances here are local bookkeeping.</source>
            <translation>Zuerst werden Credits verbraucht (%1 pro Token beim Basismodell, %2 beim erweiterten); sind sie aufgebraucht, zahlt das Prepaid-Guthaben. Die Salden hier sind lokale Buchführung.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="333" />
            <source>Ledger — %1</source>
            <translation>Buchungen — %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="348" />
            <source>Credits added</source>
            <translation>Credits hinzugefügt</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="349" />
            <source>Wallet top-up</source>
            <translation>Guthaben aufgeladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="350" />
            <source>Held when a generation was created</source>
            <translation>Beim Erstellen einer Generierung reserviert</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="351" />
            <source>Charged when the generation completed</source>
            <translation>Beim Abschluss der Generierung abgerechnet</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="352" />
            <source>Returned: the generation failed or was cancelled</source>
            <translation>Zurückgebucht: Die Generierung ist fehlgeschlagen oder wurde abgebrochen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="362" />
            <source>The prepaid wallet, in dollars</source>
            <translation>Das Prepaid-Guthaben, in Dollar</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="363" />
            <source>The monthly credits</source>
            <translation>Die monatlichen Credits</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="387" />
            <source>Select an account to see every movement of its credits and wallet.</source>
            <translation>Wählen Sie ein Konto, um alle Buchungen seiner Credits und seines Guthabens zu sehen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="389" />
            <source>No movements yet.</source>
            <translation>Noch keine Buchungen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="391" />
            <source>Showing the latest %1 movements.</source>
            <translation>Die letzten %1 Buchungen werden angezeigt.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="393" />
            <source>The ledger adds up to the balances.</source>
            <translation>Die Buchungen stimmen mit den Salden überein.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="394" />
            <source>Warning: the ledger does not add up to the balances.</source>
            <translation>Warnung: Die Buchungen stimmen nicht mit den Salden überein.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="410" />
            <source>New account</source>
            <translation>Neues Konto</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="411" />
            <source>An account owns API keys, generations and balances.</source>
            <translation>Zu einem Konto gehören API-Schlüssel, Generierungen und Salden.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="411" />
            <source>Create</source>
            <translation>Erstellen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="415" />
            <source>e.g. alice or my-app</source>
            <translation>z. B. alice oder my-app</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="427" />
            <source>&amp;Name:</source>
            <translation>&amp;Name:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="428" />
            <location filename="../ui/accountspage.cpp" line="467" />
            <source>&amp;Plan:</source>
            <translation>&amp;Tarif:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="429" />
            <source>Starting &amp;credits:</source>
            <translation>Start-&amp;Credits:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="430" />
            <source>Starting &amp;wallet:</source>
            <translation>Start&amp;guthaben:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="442" />
            <source>The account was not created: %1</source>
            <translation>Das Konto wurde nicht erstellt: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="446" />
            <source>Account “%1” created (%2 plan, %3 credits, %4 in the wallet).</source>
            <translation>Konto „%1“ erstellt (Tarif %2, %3 Credits, %4 Guthaben).</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="462" />
            <source>Change plan</source>
            <translation>Tarif ändern</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="463" />
            <source>The plan of “%1”. The v3 API serves every voice on either plan; the legacy v2 API keeps premium voices for Pro.</source>
            <translation>Der Tarif von „%1“. Die v3-API bietet in beiden Tarifen alle Stimmen; die ältere v2-API behält Premium-Stimmen dem Tarif Pro vor.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="465" />
            <source>Change</source>
            <translation>Ändern</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="473" />
            <source>The plan was not changed: %1</source>
            <translation>Der Tarif wurde nicht geändert: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="479" />
            <source>“%1” is now on the %2 plan.</source>
            <translation>„%1“ hat jetzt den Tarif %2.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="490" />
            <source>Add credits</source>
            <translation>Credits hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="491" />
            <source>Credits for “%1”: one pays for a token of base speech, two for advanced.</source>
            <translation>Credits für „%1“: ein Credit pro Token Basis-Sprache, zwei pro Token erweiterte Sprache.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="493" />
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="500" />
            <source>&amp;Credits:</source>
            <translation>&amp;Credits:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="501" />
            <location filename="../ui/accountspage.cpp" line="537" />
            <source>N&amp;ote:</source>
            <translation>&amp;Notiz:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="509" />
            <source>No credits were added: %1</source>
            <translation>Es wurden keine Credits hinzugefügt: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="512" />
            <source>Added %1 credits to “%2”: %3 now.</source>
            <translation>%1 Credits zu „%2“ hinzugefügt: jetzt %3.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="525" />
            <source>Top up wallet</source>
            <translation>Guthaben aufladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="526" />
            <source>Money for “%1” when its credits run out. This is local bookkeeping: no payment is taken.</source>
            <translation>Geld für „%1“, wenn die Credits aufgebraucht sind. Dies ist lokale Buchführung: Es wird keine Zahlung eingezogen.</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="528" />
            <source>Top up</source>
            <translation>Aufladen</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="536" />
            <source>&amp;Amount:</source>
            <translation>&amp;Betrag:</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="545" />
            <source>The wallet was not topped up: %1</source>
            <translation>Das Guthaben wurde nicht aufgeladen: %1</translation>
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="548" />
            <source>Added %1 to the wallet of “%2”: %3 now.</source>
            <translation>%1 zum Guthaben von „%2“ hinzugefügt: jetzt %3.</translation>
        </message>
    </context>
    <context>
        <name>AudioPlayer</name>
        <message>
            <location filename="../ui/player/audioplayer.cpp" line="185" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation>Kein Audioausgabegerät gefunden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
        <message>
            <location filename="../ui/player/audioplayer.cpp" line="194" />
            <source>The audio device could not be opened: speech is generated and saved, but cannot be played here.</source>
            <translation>Das Audiogerät konnte nicht geöffnet werden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
    </context>
    <context>
        <name>CaptionsDialog</name>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="30" />
            <source>SubRip subtitles (*.srt)</source>
            <translation>SubRip-Untertitel (*.srt)</translation>
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="31" />
            <source>WebVTT subtitles (*.vtt)</source>
            <translation>WebVTT-Untertitel (*.vtt)</translation>
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="32" />
            <source>Save captions</source>
            <translation>Untertitel speichern</translation>
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="71" />
            <source>Saving %1…</source>
            <translation>%1 wird gespeichert…</translation>
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="77" />
            <source>no word timings are stored for this generation</source>
            <translation>für diese Generierung sind keine Wortzeiten gespeichert</translation>
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="85" />
            <source>Could not save %1: %2</source>
            <translation>%1 konnte nicht gespeichert werden: %2</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/captionsdialog.cpp" line="87" />
            <source>Saved captions %1 (%2, %n cue(s))</source>
            <translation>
                <numerusform>Untertitel %1 gespeichert (%2, %n Eintrag)</numerusform>
                <numerusform>Untertitel %1 gespeichert (%2, %n Einträge)</numerusform>
            </translation>
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
            <location filename="../ui/customvoicedialog.cpp" line="143" />
            <source>Edit custom voice %1</source>
            <translation>Eigene Stimme %1 bearbeiten</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="144" />
            <source>Save</source>
            <translation>Speichern</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="181" />
            <source>Measuring synthesizes a test sentence with %1 once; it is not billed.</source>
            <translation>Zum Messen wird einmal ein Testsatz mit %1 synthetisiert; das wird nicht berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="182" />
            <source>Available when the base voice is an advanced (premium) voice.</source>
            <translation>Verfügbar, wenn die Basisstimme eine erweiterte (Premium-)Stimme ist.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="187" />
            <source>Reference recording</source>
            <translation>Referenzaufnahme</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="188" />
            <source>WAV audio (*.wav);;All files (*)</source>
            <translation>WAV-Audio (*.wav);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="197" />
            <source>Choose an advanced base voice first.</source>
            <translation>Wählen Sie zuerst eine erweiterte Basisstimme.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="206" />
            <source>Measuring the recording and %1…</source>
            <translation>Aufnahme und %1 werden gemessen…</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="228" />
            <source>Not matched: %1</source>
            <translation>Nicht angeglichen: %1</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="236" />
            <source>Recording: median pitch %1 Hz, %2 syllables/s. %3: %4 Hz, %5 syllables/s. Set pitch %6× and rate %7× (limited to 0.5–2.0).</source>
            <translation>Aufnahme: mittlere Tonhöhe %1 Hz, %2 Silben/s. %3: %4 Hz, %5 Silben/s. Tonhöhe %6× und Tempo %7× gesetzt (begrenzt auf 0.5–2.0).</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="257" />
            <source>Give the voice a name.</source>
            <translation>Geben Sie der Stimme einen Namen.</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="262" />
            <source>The description is too long: at most 500 characters.</source>
            <translation>Die Beschreibung ist zu lang: höchstens 500 Zeichen.</translation>
        </message>
    </context>
    <context>
        <name>GeneratePage</name>
        <message>
            <location filename="../ui/generatepage.cpp" line="116" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation>Kein Audioausgabegerät gefunden: Sprache wird erzeugt und gespeichert, kann hier aber nicht abgespielt werden.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="213" />
            <source>Write or paste the text to speak, or drop a .txt file here.</source>
            <translation>Text zum Sprechen eingeben oder einfügen – oder eine .txt-Datei hier ablegen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="214" />
            <source>Text to speak</source>
            <translation>Zu sprechender Text</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="221" />
            <source>Open text…</source>
            <translation>Text öffnen…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="233" />
            <source>Voice and settings</source>
            <translation>Stimme und Einstellungen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="238" />
            <source>Base — standard voices, lowest cost</source>
            <translation>Basis — Standardstimmen, niedrigste Kosten</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="239" />
            <source>Advanced — premium voices, 23 languages, expressive</source>
            <translation>Erweitert — Premium-Stimmen, 23 Sprachen, ausdrucksstark</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="240" />
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="244" />
            <source>Search voices (name, gender, accent)…</source>
            <translation>Suchen (Name, Geschlecht, Akzent)…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="255" />
            <source>Voice:</source>
            <translation>Stimme:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="260" />
            <source>&amp;Language:</source>
            <translation>&amp;Sprache:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="285" />
            <source>&amp;Speed:</source>
            <translation>&amp;Geschwindigkeit:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="271" />
            <source>Pacing: higher values read more deliberately, with longer pauses.</source>
            <translation>Sprechrhythmus: Höhere Werte lesen bedächtiger, mit längeren Pausen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="285" />
            <source>&amp;CFG weight:</source>
            <translation>&amp;CFG-Gewichtung:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="276" />
            <source>Expressiveness: how far the pitch moves.</source>
            <translation>Ausdrucksstärke: wie stark die Tonhöhe variiert.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="224" />
            <source>From clipboard</source>
            <translation>Aus Zwischenablage</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="226" />
            <source>Replace the text with the clipboard's (Ctrl+Shift+V)</source>
            <translation>Den Text durch den der Zwischenablage ersetzen (Strg+Umschalt+V)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="285" />
            <source>E&amp;xaggeration:</source>
            <translation>&amp;Ausdrucksstärke:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="285" />
            <source>F&amp;ormat:</source>
            <translation>&amp;Format:</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="302" />
            <source>Speak</source>
            <translation>Sprechen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="605" />
            <source>Generate and play while it streams (Ctrl+Enter)</source>
            <translation>Erzeugen und schon während des Streamens abspielen (Strg+Eingabe)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="304" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="305" />
            <source>Stop generating and playing (Esc)</source>
            <translation>Erzeugen und Wiedergabe stoppen (Esc)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="306" />
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="333" />
            <source>Ready.</source>
            <translation>Bereit.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="337" />
            <source>Accounts &amp;&amp; credits…</source>
            <translation>Konten &amp;&amp; Credits…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="400" />
            <source>Voice default</source>
            <translation>Standard der Stimme</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="422" />
            <location filename="../ui/generatepage.cpp" line="447" />
            <source>, premium</source>
            <translation>, Premium</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="455" />
            <source>≈ %1 credits or %2</source>
            <translation>≈ %1 Credits oder %2</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="657" />
            <source>There is no account to bill this to: create one on the Accounts &amp; credits page.</source>
            <translation>Es gibt kein Konto, dem dies berechnet werden kann: Legen Sie eines auf der Seite „Konten &amp; Credits“ an.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="702" />
            <source>Getting ready to speak… (Esc cancels)</source>
            <translation>Sprechen wird vorbereitet… (Esc bricht ab)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="967" />
            <source>Speak cancelled.</source>
            <translation>Sprechen abgebrochen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="1010" />
            <source>Making the rest at full speed, to save it…</source>
            <translation>Der Rest wird mit voller Geschwindigkeit erzeugt, um ihn zu speichern…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="624" />
            <source>No voice matches “%1”: clear the search to choose a voice.</source>
            <translation>Keine Stimme passt zu „%1“: Leeren Sie die Suche, um eine Stimme zu wählen.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="625" />
            <source>No voice is available for this model.</source>
            <translation>Für dieses Modell ist keine Stimme verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="651" />
            <source>Not spoken: the settings changed while it was getting ready. Press Speak again.</source>
            <translation>Nicht gesprochen: Die Einstellungen haben sich während der Vorbereitung geändert. Drücken Sie erneut „Sprechen“.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="920" />
            <source>Done: %1 of audio, %2 tokens, %3 from the %4.</source>
            <translation>Fertig: %1 Audio, %2 Token, %3 aus dem Posten „%4“.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="940" />
            <source>Stopped at %p%</source>
            <translation>Gestoppt bei %p%</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="949" />
            <source>Stopped: kept %1 of audio; billed %2 of %3 tokens (%4).</source>
            <translation>Gestoppt: %1 Audio behalten; %2 von %3 Token berechnet (%4).</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="945" />
            <source>Stopped before any audio: nothing was billed.</source>
            <translation>Vor dem ersten Ton gestoppt: nichts berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="977" />
            <source>Stopping — keeping what was spoken…</source>
            <translation>Wird gestoppt — das Gesprochene bleibt erhalten…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="457" />
            <source>too long: at most %1 characters</source>
            <translation>zu lang: höchstens %1 Zeichen</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="452" />
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln Zeichen</numerusform>
                <numerusform>%Ln Zeichen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="454" />
            <source>%Ln token(s)</source>
            <translation>
                <numerusform>%Ln Token</numerusform>
                <numerusform>%Ln Tokens</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="463" />
            <source>more than this account has (%1 credits, %2 in the wallet)</source>
            <translation>mehr, als dieses Konto hat (%1 Credits, %2 Guthaben)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="491" />
            <location filename="../ui/generatepage.cpp" line="493" />
            <location filename="../ui/generatepage.cpp" line="596" />
            <source>Open text</source>
            <translation>Text öffnen</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="491" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="493" />
            <source>%1 is too large for one generation.</source>
            <translation>%1 ist zu groß für eine einzelne Generierung.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="581" />
            <source>The clipboard holds no text.</source>
            <translation>Die Zwischenablage enthält keinen Text.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="596" />
            <source>Text files (*.txt);;All files (*)</source>
            <translation>Textdateien (*.txt);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="725" />
            <source>Generating…</source>
            <translation>Wird erzeugt…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="752" />
            <source>Not generated: this text costs more than the account has left (%1 credits, %2 in the wallet). Add credits or top up the wallet.</source>
            <translation>Nicht erzeugt: Dieser Text kostet mehr, als das Konto noch hat (%1 Credits, %2 Guthaben). Fügen Sie Credits hinzu oder laden Sie das Guthaben auf.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="757" />
            <source>Not generated: %1</source>
            <translation>Nicht erzeugt: %1</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="781" />
            <source>Playing — first sound after %1 ms</source>
            <translation>Wiedergabe — erster Ton nach %1 ms</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="918" />
            <source>Done: %1 of audio.</source>
            <translation>Fertig: %1 Audio.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="944" />
            <source>Stopped before any audio.</source>
            <translation>Vor dem ersten Ton gestoppt.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="947" />
            <source>Stopped: kept %1 of audio.</source>
            <translation>Gestoppt: %1 Audio behalten.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="959" />
            <source>Failed: %1</source>
            <translation>Fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="995" />
            <source>MP3 audio (*.mp3)</source>
            <translation>MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="995" />
            <source>WAV audio (*.wav);;MP3 audio (*.mp3)</source>
            <translation>WAV-Audio (*.wav);;MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="998" />
            <source>Save speech</source>
            <translation>Sprache speichern</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="1028" />
            <source>Saved %1</source>
            <translation>%1 gespeichert</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="1028" />
            <source>Could not save %1</source>
            <translation>%1 konnte nicht gespeichert werden</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="308" />
            <source>Export captions…</source>
            <translation>Untertitel exportieren…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="310" />
            <source>Save subtitles of this speech (SubRip or WebVTT), timed word by word</source>
            <translation>Untertitel dieser Sprachausgabe speichern (SubRip oder WebVTT), Wort für Wort zeitlich abgestimmt</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="538" />
            <source>Loading its audio…</source>
            <translation>Audio wird geladen…</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="549" />
            <source>Cannot load its audio: %1</source>
            <translation>Audio kann nicht geladen werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="572" />
            <source>Opened from History: press Play to hear it.</source>
            <translation>Aus dem Verlauf geöffnet: zum Anhören auf Abspielen drücken.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="573" />
            <source>Opened from History: press Play to hear it, each word marked as it is spoken.</source>
            <translation>Aus dem Verlauf geöffnet: zum Anhören auf Abspielen drücken; jedes Wort wird markiert, während es gesprochen wird.</translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="903" />
            <source>No captions to save yet: speak a text first.</source>
            <translation>Noch keine Untertitel zum Speichern: zuerst einen Text sprechen lassen.</translation>
        </message>
    </context>
    <context>
        <name>HistoryModel</name>
        <message>
            <location filename="../ui/historymodel.cpp" line="420" />
            <source>Wallet</source>
            <translation>Guthaben</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="420" />
            <source>Credits</source>
            <translation>Credits</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="426" />
            <source>%1 (UTC)
ID: %2</source>
            <translation>%1 (UTC)
ID: %2</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="431" />
            <source>Older than the generation lifetime: the audio is no longer available.</source>
            <translation>Älter als die Aufbewahrungsdauer von Generierungen: Das Audio ist nicht mehr verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="435" />
            <source>Generation failed</source>
            <translation>Generierung fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="441" />
            <source>Made in the studio, which does not meter its own speech</source>
            <translation>Im Studio erzeugt, das die eigene Sprache nicht abrechnet</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="470" />
            <source>Studio</source>
            <translation>Studio</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="472" />
            <source>Project</source>
            <translation>Projekt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="473" />
            <source>API</source>
            <translation>API</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/historymodel.cpp" line="502" />
            <source>%n block(s) of a project: %1</source>
            <translation>
                <numerusform>%n Absatz eines Projekts: %1</numerusform>
                <numerusform>%n Absätze eines Projekts: %1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="510" />
            <source>%1 of %2 made</source>
            <translation>%1 von %2 fertig</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="531" />
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="535" />
            <source>Source</source>
            <translation>Quelle</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="537" />
            <source>Length</source>
            <translation>Länge</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="539" />
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="541" />
            <source>Voice</source>
            <translation>Stimme</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="543" />
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="545" />
            <source>Tokens</source>
            <translation>Token</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="547" />
            <source>Cost</source>
            <translation>Kosten</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="549" />
            <source>Method</source>
            <translation>Zahlart</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="444" />
            <source>Paid from the wallet</source>
            <translation>Aus dem Guthaben bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="417" />
            <location filename="../ui/historymodel.cpp" line="520" />
            <source>Free</source>
            <translation>Kostenlos</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="444" />
            <source>Paid from the monthly credits</source>
            <translation>Aus den monatlichen Credits bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="533" />
            <source>Text</source>
            <translation>Text</translation>
        </message>
    </context>
    <context>
        <name>HistoryPage</name>
        <message>
            <location filename="../ui/historypage.cpp" line="116" />
            <source>&amp;Status:</source>
            <translation>&amp;Status:</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="119" />
            <source>All</source>
            <translation>Alle</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="136" />
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="137" />
            <source>The list also updates by itself as generations progress.</source>
            <translation>Die Liste aktualisiert sich auch von selbst, während Generierungen fortschreiten.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="174" />
            <source>Generation history</source>
            <translation>Generierungsverlauf</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="194" />
            <location filename="../ui/historypage.cpp" line="394" />
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="196" />
            <source>Play the selected generation (or double-click it)</source>
            <translation>Ausgewählte Generierung abspielen (oder doppelklicken)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="197" />
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="205" />
            <source>Copy audio URL</source>
            <translation>Audio-URL kopieren</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="293" />
            <source>No account yet. Create one on the Accounts &amp; credits page; its generations will be listed here.</source>
            <translation>Noch kein Konto. Legen Sie eines auf der Seite „Konten &amp; Credits“ an; seine Generierungen erscheinen dann hier.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="303" />
            <source>No generations yet. Speak something on the Generate page or call the API; generations appear here as they are queued and finish.</source>
            <translation>Noch keine Generierungen. Sprechen Sie etwas auf der Seite „Erzeugen“ oder rufen Sie die API auf; Generierungen erscheinen hier, sobald sie eingereiht und fertig sind.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="301" />
            <source>No generations with status %1.</source>
            <translation>Keine Generierungen mit dem Status %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="416" />
            <source>No API server in this window, so there is no link to give.</source>
            <translation>In diesem Fenster läuft kein API-Server, daher gibt es keinen Link.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="427" />
            <source>Select a generation to see its text and play it.</source>
            <translation>Wählen Sie eine Generierung, um ihren Text zu sehen und sie abzuspielen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="463" />
            <source>Generation failed</source>
            <translation>Generierung fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="465" />
            <source>Expired %1: the audio has been removed.</source>
            <translation>Abgelaufen am %1: Das Audio wurde entfernt.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="512" />
            <source>Loading audio…</source>
            <translation>Audio wird geladen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="521" />
            <source>Cannot play %1: %2</source>
            <translation>%1 kann nicht abgespielt werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="616" />
            <source>MP3 audio (*.mp3)</source>
            <translation>MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="615" />
            <source>WAV audio (*.wav)</source>
            <translation>WAV-Audio (*.wav)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="617" />
            <source>Save audio</source>
            <translation>Audio speichern</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="667" />
            <source>Could not save %1: %2</source>
            <translation>%1 konnte nicht gespeichert werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="690" />
            <source>Link copied; it works without an API key until %1.</source>
            <translation>Link kopiert; er funktioniert ohne API-Schlüssel bis %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="691" />
            <source>Link copied; it works once the API server runs, until %1.</source>
            <translation>Link kopiert; er funktioniert, sobald der API-Server läuft, bis %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="133" />
            <source>Voice previews</source>
            <translation>Stimmproben</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="135" />
            <source>Also list the samples played on the Voices page.</source>
            <translation>Auch die auf der Seite „Stimmen“ abgespielten Hörproben auflisten.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="198" />
            <source>Save the audio as WAV or MP3</source>
            <translation>Das Audio als WAV oder MP3 speichern</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="201" />
            <source>Open in Generate</source>
            <translation>In „Erzeugen“ öffnen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="202" />
            <source>Put this text and its settings on the Generate page</source>
            <translation>Diesen Text und seine Einstellungen auf die Seite „Erzeugen“ übernehmen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="203" />
            <source>Delete…</source>
            <translation>Löschen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="204" />
            <location filename="../ui/historypage.cpp" line="411" />
            <source>Delete the generation and its audio file (Del)</source>
            <translation>Die Generierung und ihre Audiodatei löschen (Entf)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="297" />
            <source>No generations match %1.</source>
            <translation>Keine Generierung passt zu %1.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="661" />
            <source>Saving %1…</source>
            <translation>%1 wird gespeichert…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="710" />
            <source>Delete generation</source>
            <translation>Generierung löschen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="711" />
            <source>Delete %1 and its audio file?</source>
            <translation>%1 und die Audiodatei löschen?</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="714" />
            <source>This cannot be undone. What it cost is not refunded.</source>
            <translation>Das kann nicht rückgängig gemacht werden. Die Kosten werden nicht erstattet.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="716" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="736" />
            <source>Deleting…</source>
            <translation>Wird gelöscht…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="741" />
            <source>Could not delete: %1</source>
            <translation>Löschen nicht möglich: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="745" />
            <source>Deleted %1.</source>
            <translation>%1 gelöscht.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="746" />
            <source>Deleted, but its audio file could not be removed: %1</source>
            <translation>Gelöscht, aber die Audiodatei konnte nicht entfernt werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="51" />
            <source>not a WAV file</source>
            <translation>keine WAV-Datei</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="53" />
            <source>not 16-bit mono 24 kHz audio</source>
            <translation>kein 16-Bit-Mono-Audio mit 24 kHz</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="55" />
            <source>not 24 kHz audio</source>
            <translation>kein Audio mit 24 kHz</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="57" />
            <source>no audio data in the file</source>
            <translation>keine Audiodaten in der Datei</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="59" />
            <source>no MP3 decoder</source>
            <translation>kein MP3-Decoder</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="61" />
            <source>the MP3 data is damaged</source>
            <translation>die MP3-Daten sind beschädigt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="73" />
            <source>“%1”</source>
            <translation>„%1“</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="113" />
            <source>Search text or voice…</source>
            <translation>Text oder Stimme suchen…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="115" />
            <source>Search the history</source>
            <translation>Den Verlauf durchsuchen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="129" />
            <source>All sources</source>
            <translation>Alle Quellen</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="127" />
            <source>Who made it: this studio's Generate page, a project's render, or a program through the API</source>
            <translation>Wer es gemacht hat: die Seite „Erzeugen“ dieses Studios, das Vertonen eines Projekts oder ein Programm über die API</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="128" />
            <source>Source</source>
            <translation>Quelle</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="130" />
            <source>Studio</source>
            <translation>Studio</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="131" />
            <source>Projects</source>
            <translation>Projekte</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="132" />
            <source>API</source>
            <translation>API</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <source>Select a generation and press Play to hear it here.</source>
            <translation>Wählen Sie eine Generierung und drücken Sie „Abspielen“, um sie hier zu hören.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="299" />
            <source>Nothing from this source yet.</source>
            <translation>Aus dieser Quelle gibt es noch nichts.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="394" />
            <source>Pause</source>
            <translation>Pause</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="409" />
            <source>A project's render: its audio belongs to the project.</source>
            <translation>Vertonung eines Projekts: Ihr Audio gehört zum Projekt.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>Still being generated: it can be deleted once it has finished.</source>
            <translation>Wird noch erzeugt: Löschen ist möglich, sobald sie fertig ist.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="414" />
            <source>Copy a signed download link; it works without an API key until the generation expires or is deleted.</source>
            <translation>Einen signierten Download-Link kopieren; er funktioniert ohne API-Schlüssel, bis die Generierung abläuft oder gelöscht wird.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/historypage.cpp" line="431" />
            <source>A render of %n block(s) of a project: hear and export it on the Projects page.</source>
            <translation>
                <numerusform>Eine Vertonung von %n Absatz eines Projekts: auf der Seite „Projekte“ anhören und exportieren.</numerusform>
                <numerusform>Eine Vertonung von %n Absätzen eines Projekts: auf der Seite „Projekte“ anhören und exportieren.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="441" />
            <source>speed %1×</source>
            <translation>Geschwindigkeit %1×</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="443" />
            <source>CFG weight %1</source>
            <translation>CFG-Gewichtung %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="444" />
            <source>exaggeration %1</source>
            <translation>Ausdrucksstärke %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="467" />
            <source>Made in the studio: kept until you delete it.</source>
            <translation>Im Studio erzeugt: bleibt erhalten, bis Sie sie löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="469" />
            <source>Made through the API: the audio is available until %1.</source>
            <translation>Über die API erzeugt: Das Audio ist bis %1 verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="536" />
            <source>Playing %1 (%2)</source>
            <translation>Wiedergabe von %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="670" />
            <source>Saved %1 (%2, %3)</source>
            <translation>%1 gespeichert (%2, %3)</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="687" />
            <source>Link copied; it works without an API key until you delete the generation.</source>
            <translation>Link kopiert; er funktioniert ohne API-Schlüssel, bis Sie die Generierung löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="688" />
            <source>Link copied; it works once the API server runs, until you delete the generation.</source>
            <translation>Link kopiert; er funktioniert, sobald der API-Server läuft, bis Sie die Generierung löschen.</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="451" />
            <source>Tokens: %1</source>
            <translation>Token: %1</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="455" />
            <source>%1 paid from the wallet</source>
            <translation>%1 aus dem Guthaben bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="455" />
            <source>%1 paid from the monthly credits</source>
            <translation>%1 aus den monatlichen Credits bezahlt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="199" />
            <source>Save captions…</source>
            <translation>Untertitel…</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="403" />
            <source>Save subtitles of this speech (SubRip or WebVTT), timed word by word</source>
            <translation>Untertitel dieser Sprachausgabe speichern (SubRip oder WebVTT), Wort für Wort zeitlich abgestimmt</translation>
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="404" />
            <source>Made without word timings: there are no captions to save.</source>
            <translation>Ohne Wortzeiten erstellt: es gibt keine Untertitel zum Speichern.</translation>
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
            <location filename="../ui/mainwindow.cpp" line="80" />
            <source>Pronunciations</source>
            <translation>Aussprache</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="49" />
            <source>TTS Studio</source>
            <translation>TTS Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="52" />
            <source>Studio</source>
            <translation>Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="55" />
            <source> Account: </source>
            <translation> Konto: </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="61" />
            <source>Account</source>
            <translation>Konto</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="68" />
            <source>Server settings…</source>
            <translation>Servereinstellungen…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="77" />
            <source>Generate</source>
            <translation>Erzeugen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="78" />
            <source>History</source>
            <translation>Verlauf</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="79" />
            <source>Voices</source>
            <translation>Stimmen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="81" />
            <source>API keys</source>
            <translation>API-Schlüssel</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="82" />
            <source>Accounts &amp; credits</source>
            <translation>Konten &amp; Credits</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="155" />
            <source>Server</source>
            <translation>Server</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="242" />
            <source>No account</source>
            <translation>Kein Konto</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="252" />
            <source>No account could be made for you: %1. Create one on the Accounts &amp; credits page.</source>
            <translation>Für Sie konnte kein Konto angelegt werden: %1. Legen Sie eines auf der Seite „Konten &amp; Credits“ an.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="276" />
            <source>Speech made in the studio is billed to %1: %2 credits left. Details on the Accounts &amp; credits page.</source>
            <translation>Im Studio erzeugte Sprache wird %1 berechnet: noch %2 Credits. Einzelheiten auf der Seite „Konten &amp; Credits“.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="343" />
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="345" />
            <source>&amp;Open text…</source>
            <translation>Text ö&amp;ffnen…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="351" />
            <source>&amp;Save speech as…</source>
            <translation>Sprache &amp;speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="357" />
            <source>Recent &amp;projects</source>
            <translation>&amp;Zuletzt geöffnete Projekte</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="364" />
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="367" />
            <source>&amp;Edit</source>
            <translation>&amp;Bearbeiten</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="370" />
            <source>Text from &amp;clipboard</source>
            <translation>Text aus &amp;Zwischenablage</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="378" />
            <source>S&amp;peak</source>
            <translation>S&amp;prechen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="385" />
            <source>S&amp;top</source>
            <translation>S&amp;toppen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="389" />
            <source>Se&amp;ttings</source>
            <translation>E&amp;instellungen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="390" />
            <source>&amp;Bill the studio's own speech to an account</source>
            <translation>Eigene Sprache des Studios einem Konto in &amp;Rechnung stellen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="393" />
            <source>For a studio shared by several people: speech and project renders made here are billed to the account chosen at the top. Previews stay free.</source>
            <translation>Für ein von mehreren Personen genutztes Studio: Hier erzeugte Sprache und vertonte Projekte werden dem oben gewählten Konto berechnet. Hörproben bleiben kostenlos.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="397" />
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="398" />
            <source>&amp;Keyboard shortcuts</source>
            <translation>&amp;Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="401" />
            <source>&amp;API documentation</source>
            <translation>&amp;API-Dokumentation</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="403" />
            <source>API &amp;server address…</source>
            <translation>Adresse des API-&amp;Servers…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="406" />
            <source>&amp;About TTS Studio</source>
            <translation>&amp;Über TTS Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="420" />
            <source>No projects yet</source>
            <translation>Noch keine Projekte</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="449" />
            <source>Speak the text</source>
            <translation>Den Text sprechen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="450" />
            <source>Stop generating and playing</source>
            <translation>Erzeugen und Abspielen stoppen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="451" />
            <source>Pause or play again</source>
            <translation>Pausieren oder weiter abspielen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="453" />
            <source>Replace the text with the clipboard's</source>
            <translation>Den Text durch den der Zwischenablage ersetzen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="454" />
            <source>Open a text file</source>
            <translation>Eine Textdatei öffnen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="455" />
            <source>Save the speech as WAV or MP3</source>
            <translation>Die Sprache als WAV oder MP3 speichern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="456" />
            <source>History: save the selected generation's audio</source>
            <translation>Verlauf: Audio der gewählten Generierung speichern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="458" />
            <source>History, Voices: delete the selected generation or custom voice</source>
            <translation>Verlauf, Stimmen: gewählte Generierung oder eigene Stimme löschen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="459" />
            <source>Projects: render the project</source>
            <translation>Projekte: Projekt vertonen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="460" />
            <source>Projects: undo the last edit</source>
            <translation>Projekte: letzte Änderung rückgängig machen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="462" />
            <source>Projects: redo</source>
            <translation>Projekte: wiederherstellen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="463" />
            <source>Show these shortcuts</source>
            <translation>Diese Tastenkürzel anzeigen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="464" />
            <source>Quit</source>
            <translation>Beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="474" />
            <source>Click the waveform to play from that point.</source>
            <translation>Ein Klick in die Wellenform spielt ab dieser Stelle ab.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="475" />
            <source>Keyboard shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="485" />
            <location filename="../ui/mainwindow.cpp" line="490" />
            <source>API server</source>
            <translation>API-Server</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="486" />
            <source>The API server is not running. Start it with the button at the top of the window.</source>
            <translation>Der API-Server läuft nicht. Starten Sie ihn mit der Schaltfläche oben im Fenster.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="491" />
            <source>The API server listens at:
%1

Clients send an API key (API keys page) in the x-api-key header.</source>
            <translation>Der API-Server ist erreichbar unter:
%1

Programme senden einen API-Schlüssel (Seite „API-Schlüssel“) im Header x-api-key.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="494" />
            <source>Copy address</source>
            <translation>Adresse kopieren</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="513" />
            <source>About TTS Studio</source>
            <translation>Über TTS Studio</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="514" />
            <source>&lt;h3&gt;TTS Studio %1&lt;/h3&gt;&lt;p&gt;Text to speech on this computer: the studio, an HTTP and WebSocket API and the command line, on one engine.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;TTS Studio %1&lt;/h3&gt;&lt;p&gt;Sprachausgabe auf diesem Computer: das Studio, eine HTTP- und WebSocket-API und die Kommandozeile, auf einer gemeinsamen Engine.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="286" />
            <source> API server: not available </source>
            <translation> API-Server: nicht verfügbar </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="291" />
            <source> API server: running at %1 </source>
            <translation> API-Server: läuft unter %1 </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="292" />
            <source>Stop server</source>
            <translation>Server stoppen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="295" />
            <source> API server: stopped </source>
            <translation> API-Server: gestoppt </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="295" />
            <source> API server: stopped (%1) </source>
            <translation> API-Server: gestoppt (%1) </translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="296" />
            <source>Start server</source>
            <translation>Server starten</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="307" />
            <location filename="../ui/mainwindow.cpp" line="324" />
            <location filename="../ui/mainwindow.cpp" line="329" />
            <source>Server settings</source>
            <translation>Servereinstellungen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="313" />
            <source>Listen address:</source>
            <translation>Lauschadresse:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="314" />
            <source>Port (0 = any free port):</source>
            <translation>Port (0 = beliebiger freier Port):</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="315" />
            <source>127.0.0.1 keeps the API on this machine; 0.0.0.0 opens it to the network.</source>
            <translation>127.0.0.1 beschränkt die API auf diesen Rechner; 0.0.0.0 öffnet sie für das Netzwerk.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="324" />
            <source>'%1' is not an IP address.</source>
            <translation>„%1“ ist keine IP-Adresse.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="353" />
            <source>Export &amp;captions…</source>
            <translation>Unter&amp;titel exportieren…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="83" />
            <source>Projects</source>
            <translation>Projekte</translation>
        </message>
    </context>
    <context>
        <name>OutlineActions</name>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="16" />
            <source>Split block here</source>
            <translation>Absatz hier teilen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="17" />
            <source>Merge with next block</source>
            <translation>Mit nächstem Absatz zusammenführen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="20" />
            <source>The text after the cursor becomes a block of its own</source>
            <translation>Der Text nach dem Cursor wird ein eigener Absatz</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="22" />
            <source>The next block of this chapter joins this one</source>
            <translation>Der nächste Absatz dieses Kapitels wird an diesen angehängt</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="45" />
            <location filename="../ui/projects/outlineactions.cpp" line="112" />
            <source>Add chapter</source>
            <translation>Kapitel einfügen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="52" />
            <location filename="../ui/projects/outlineactions.cpp" line="123" />
            <source>Rename chapter</source>
            <translation>Kapitel umbenennen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="57" />
            <location filename="../ui/projects/outlineactions.cpp" line="105" />
            <source>Delete chapter</source>
            <translation>Kapitel löschen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="62" />
            <source>Move chapter</source>
            <translation>Kapitel verschieben</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="69" />
            <source>Split block</source>
            <translation>Absatz teilen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="75" />
            <source>Merge blocks</source>
            <translation>Absätze zusammenführen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="81" />
            <location filename="../ui/projects/outlineactions.cpp" line="113" />
            <source>Chapter %1</source>
            <translation>Kapitel %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="82" />
            <source>Paste</source>
            <translation>Einfügen</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="97" />
            <source>Add chapter…</source>
            <translation>Kapitel einfügen …</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="100" />
            <source>Rename chapter…</source>
            <translation>Kapitel umbenennen …</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="101" />
            <source>Move chapter up</source>
            <translation>Kapitel nach oben</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="102" />
            <source>Move chapter down</source>
            <translation>Kapitel nach unten</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="112" />
            <source>Title of the new chapter:</source>
            <translation>Titel des neuen Kapitels:</translation>
        </message>
        <message>
            <location filename="../ui/projects/outlineactions.cpp" line="123" />
            <source>Title of the chapter:</source>
            <translation>Titel des Kapitels:</translation>
        </message>
    </context>
    <context>
        <name>PlayerBar</name>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="63" />
            <source>Audio output</source>
            <translation>Audioausgabe</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="64" />
            <source>Where the sound goes</source>
            <translation>Wohin der Ton geht</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="69" />
            <location filename="../ui/player/playerbar.cpp" line="75" />
            <source>Volume</source>
            <translation>Lautstärke</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="131" />
            <source>Default output</source>
            <translation>Standardausgabe</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="202" />
            <source>Pause</source>
            <translation>Pause</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="202" />
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="203" />
            <source>Pause (Ctrl+Space)</source>
            <translation>Pause (Strg+Leertaste)</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="203" />
            <source>Play again without generating again (Ctrl+Space)</source>
            <translation>Erneut abspielen, ohne neu zu erzeugen (Strg+Leertaste)</translation>
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="223" />
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
    </context>
    <context>
        <name>ProjectPage</name>
        <message>
            <location filename="../ui/projects/blockaudio.cpp" line="34" />
            <source>This block is not rendered yet: render it first.</source>
            <translation>Dieser Absatz ist noch nicht vertont: Vertonen Sie ihn zuerst.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectedits.cpp" line="20" />
            <source>Edit block %1</source>
            <translation>Absatz %1 bearbeiten</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectedits.cpp" line="51" />
            <source>Change settings</source>
            <translation>Einstellungen ändern</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="135" />
            <source>&lt;h3&gt;Long-form projects&lt;/h3&gt;&lt;p&gt;A book or a course as chapters of paragraphs: each paragraph can have its own voice, only what you edit is spoken again, and the whole project becomes one MP3 with chapters.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Import&lt;/b&gt; a text, Markdown or EPUB document, &lt;b&gt;Open&lt;/b&gt; a project or start a &lt;b&gt;New&lt;/b&gt; one.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Lange Projekte&lt;/h3&gt;&lt;p&gt;Ein Buch oder ein Kurs als Kapitel aus Absätzen: Jeder Absatz kann seine eigene Stimme haben, nur Bearbeitetes wird neu gesprochen, und das ganze Projekt wird eine MP3-Datei mit Kapiteln.&lt;/p&gt;&lt;p&gt;Ein Text-, Markdown- oder EPUB-Dokument &lt;b&gt;importieren&lt;/b&gt;, ein Projekt &lt;b&gt;öffnen&lt;/b&gt; oder ein &lt;b&gt;neues&lt;/b&gt; beginnen.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="174" />
            <source>Blocks</source>
            <translation>Absätze</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="227" />
            <source>Block text</source>
            <translation>Text des Absatzes</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="667" />
            <source>Select a block to edit its text.</source>
            <translation>Wählen Sie einen Absatz, um seinen Text zu bearbeiten.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="240" />
            <location filename="../ui/projects/projectpage.cpp" line="258" />
            <location filename="../ui/projects/projectpage.cpp" line="261" />
            <location filename="../ui/projects/projectpage.cpp" line="783" />
            <source>Add block</source>
            <translation>Absatz einfügen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="242" />
            <location filename="../ui/projects/projectpage.cpp" line="263" />
            <location filename="../ui/projects/projectpage.cpp" line="266" />
            <location filename="../ui/projects/projectpage.cpp" line="798" />
            <source>Delete block</source>
            <translation>Absatz löschen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="287" />
            <source>Speech settings</source>
            <translation>Spracheinstellungen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="291" />
            <location filename="../ui/projects/projectpage.cpp" line="385" />
            <source>Whole project</source>
            <translation>Ganzes Projekt</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="292" />
            <location filename="../ui/projects/projectpage.cpp" line="386" />
            <source>This chapter</source>
            <translation>Dieses Kapitel</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="293" />
            <location filename="../ui/projects/projectpage.cpp" line="390" />
            <source>This block</source>
            <translation>Dieser Absatz</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="295" />
            <source>Blocks use their chapter's settings unless they have their own; chapters use the project's.</source>
            <translation>Absätze verwenden die Einstellungen ihres Kapitels, sofern sie keine eigenen haben; Kapitel die des Projekts.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="202" />
            <source>Double-click a rendered block, or select one and press Play from block.</source>
            <translation>Doppelklicken Sie auf einen vertonten Absatz oder wählen Sie einen und drücken Sie „Ab Absatz abspielen“.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="209" />
            <source>Undo</source>
            <translation>Rückgängig</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="212" />
            <source>Redo</source>
            <translation>Wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="248" />
            <source>Cannot paste this text: %1</source>
            <translation>Dieser Text lässt sich nicht einfügen: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="336" />
            <source>New…</source>
            <translation>Neu…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="338" />
            <source>Start an empty project, saved where you choose</source>
            <translation>Ein leeres Projekt beginnen, gespeichert am gewählten Ort</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="340" />
            <source>Open…</source>
            <translation>Öffnen…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="342" />
            <source>Open a project file (.ttsproject)</source>
            <translation>Eine Projektdatei (.ttsproject) öffnen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="344" />
            <source>Import…</source>
            <translation>Importieren…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="346" />
            <source>Make a project of a text (.txt), Markdown (.md) or EPUB document</source>
            <translation>Ein Projekt aus einem Text- (.txt), Markdown- (.md) oder EPUB-Dokument machen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="348" />
            <source>Save as…</source>
            <translation>Speichern unter…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="350" />
            <source>Projects are saved automatically; this saves a copy under another name</source>
            <translation>Projekte werden automatisch gespeichert; dies speichert eine Kopie unter anderem Namen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="379" />
            <source>Render</source>
            <translation>Vertonen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="393" />
            <location filename="../ui/projects/projectpage.cpp" line="1101" />
            <source>Pause</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="401" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="404" />
            <source>Play from block</source>
            <translation>Ab Absatz abspielen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="407" />
            <source>Export</source>
            <translation>Exportieren</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="411" />
            <source>MP3 with chapters…</source>
            <translation>MP3 mit Kapiteln…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="412" />
            <source>MP3 with chapters and a cue sheet…</source>
            <translation>MP3 mit Kapiteln und Cue-Sheet…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="413" />
            <source>WAV, one file per chapter…</source>
            <translation>WAV, eine Datei pro Kapitel…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="414" />
            <source>Captions (SRT/VTT)…</source>
            <translation>Untertitel (SRT/VTT)…</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="625" />
            <source>%n chapter(s)</source>
            <translation>
                <numerusform>%n Kapitel</numerusform>
                <numerusform>%n Kapitel</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="626" />
            <location filename="../ui/projects/projectpage.cpp" line="727" />
            <source>%n block(s)</source>
            <translation>
                <numerusform>%n Absatz</numerusform>
                <numerusform>%n Absätze</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="627" />
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln Zeichen</numerusform>
                <numerusform>%Ln Zeichen</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="665" />
            <source>This project is empty. Type or paste its text here: a blank line starts a new block, a line such as "# Title" or "Chapter 1" starts a chapter.</source>
            <translation>Dieses Projekt ist leer. Tippen oder fügen Sie seinen Text hier ein: Eine Leerzeile beginnt einen neuen Absatz, eine Zeile wie „# Titel“ oder „Kapitel 1“ ein neues Kapitel.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="814" />
            <source>Play from this block</source>
            <translation>Ab diesem Absatz abspielen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="815" />
            <source>Render this block</source>
            <translation>Diesen Absatz vertonen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="833" />
            <source>Render this chapter</source>
            <translation>Dieses Kapitel vertonen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="917" />
            <source>Nothing to render yet.</source>
            <translation>Noch nichts zu vertonen.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="929" />
            <source>%Ln block(s)</source>
            <translation>
                <numerusform>%Ln Absatz</numerusform>
                <numerusform>%Ln Absätze</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="931" />
            <source>Still to render: %1, %2 tokens (their price is reserved on the account until they are made).</source>
            <translation>Noch zu vertonen: %1, %2 Tokens (ihr Preis ist auf dem Konto reserviert, bis sie erzeugt sind).</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="933" />
            <source>Still to render: %1.</source>
            <translation>Noch zu vertonen: %1.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="937" />
            <source>To render: %1.</source>
            <translation>Zu vertonen: %1.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="940" />
            <source>To render: %1, %2 tokens — %3 credits, or %4 from the wallet (billed to the selected account)</source>
            <translation>Zu vertonen: %1, %2 Tokens — %3 Credits oder %4 aus dem Guthaben (dem gewählten Konto berechnet)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="990" />
            <source>Getting ready to render…</source>
            <translation>Vertonen wird vorbereitet…</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="1115" />
            <location filename="../ui/projects/projectpage.cpp" line="1168" />
            <source>Render the whole project before exporting: %n block(s) not rendered yet.</source>
            <translation>
                <numerusform>Vertonen Sie vor dem Export das ganze Projekt: %n Absatz ist noch nicht vertont.</numerusform>
                <numerusform>Vertonen Sie vor dem Export das ganze Projekt: %n Absätze sind noch nicht vertont.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1172" />
            <source>SubRip captions (*.srt)</source>
            <translation>SubRip-Untertitel (*.srt)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1173" />
            <source>WebVTT captions (*.vtt)</source>
            <translation>WebVTT-Untertitel (*.vtt)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1175" />
            <source>Export captions</source>
            <translation>Untertitel exportieren</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/projects/projectpage.cpp" line="1202" />
            <source>Exported %n caption(s): %1</source>
            <translation>
                <numerusform>%n Untertitel exportiert: %1</numerusform>
                <numerusform>%n Untertitel exportiert: %1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="442" />
            <source>New project</source>
            <translation>Neues Projekt</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="442" />
            <location filename="../ui/projects/projectpage.cpp" line="449" />
            <location filename="../ui/projects/projectpage.cpp" line="466" />
            <source>Projects (*.ttsproject)</source>
            <translation>Projekte (*.ttsproject)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="449" />
            <source>Open project</source>
            <translation>Projekt öffnen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="456" />
            <source>Import a document</source>
            <translation>Dokument importieren</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="457" />
            <source>Documents (*.txt *.md *.markdown *.epub)</source>
            <translation>Dokumente (*.txt *.md *.markdown *.epub)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="466" />
            <source>Save project as</source>
            <translation>Projekt speichern unter</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="482" />
            <source>Opening…</source>
            <translation>Wird geöffnet…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="486" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="524" />
            <source>Importing…</source>
            <translation>Wird importiert…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="532" />
            <source>Cannot import %1: %2</source>
            <translation>%1 kann nicht importiert werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="567" />
            <source>Saving…</source>
            <translation>Wird gespeichert…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="575" />
            <source>Saved</source>
            <translation>Gespeichert</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="575" />
            <source>Not saved: %1</source>
            <translation>Nicht gespeichert: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="588" />
            <source>Projects</source>
            <translation>Projekte</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="724" />
            <source>Chapter %1</source>
            <translation>Kapitel %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="781" />
            <source>New paragraph.</source>
            <translation>Neuer Absatz.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="878" />
            <source>Edited</source>
            <translation>Geändert</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="921" />
            <location filename="../ui/projects/projectpage.cpp" line="1006" />
            <source>Cannot render: %1</source>
            <translation>Vertonen nicht möglich: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="925" />
            <source>Everything is rendered: playing and exporting cost nothing.</source>
            <translation>Alles ist vertont: Abspielen und Exportieren kosten nichts.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="945" />
            <source>— more than the account has left.</source>
            <translation>— mehr, als das Konto noch hat.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="979" />
            <source>The speech workers are not running.</source>
            <translation>Die Sprachprozesse laufen nicht.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="983" />
            <source>Choose an account at the top of the window: rendering is billed to it.</source>
            <translation>Wählen Sie oben im Fenster ein Konto: Das Vertonen wird ihm berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="990" />
            <source>Reserving credits…</source>
            <translation>Credits werden reserviert…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1005" />
            <source>The selected account cannot pay for this render: %1</source>
            <translation>Das gewählte Konto kann diese Vertonung nicht bezahlen: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1016" />
            <source>Rendering…</source>
            <translation>Wird vertont…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1048" />
            <source>estimating time left</source>
            <translation>Restzeit wird geschätzt</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1048" />
            <source>%1 left</source>
            <translation>noch %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1049" />
            <source>%1 of %2 blocks (%3 from the cache) · %4 min of audio · %5</source>
            <translation>%1 von %2 Absätzen (%3 aus dem Zwischenspeicher) · %4 min Audio · %5</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1066" />
            <source>Rendered: %1 blocks, %2 spoken now, %3 from the cache, %4 min of audio.</source>
            <translation>Vertont: %1 Absätze, %2 jetzt gesprochen, %3 aus dem Zwischenspeicher, %4 min Audio.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1073" />
            <source>Cancelled: the blocks finished so far are kept; the others are not billed.</source>
            <translation>Abgebrochen: Die fertigen Absätze bleiben erhalten; die anderen werden nicht berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1076" />
            <source>Rendering failed: %1</source>
            <translation>Vertonen fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1101" />
            <source>Resume</source>
            <translation>Fortsetzen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1120" />
            <source>Export project</source>
            <translation>Projekt exportieren</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1121" />
            <source>MP3 audio (*.mp3)</source>
            <translation>MP3-Audio (*.mp3)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1121" />
            <source>WAV audio (*.wav)</source>
            <translation>WAV-Audio (*.wav)</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1140" />
            <location filename="../ui/projects/projectpage.cpp" line="1190" />
            <source>Exporting…</source>
            <translation>Wird exportiert…</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1147" />
            <location filename="../ui/projects/projectpage.cpp" line="1198" />
            <source>Export failed: %1</source>
            <translation>Export fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="1154" />
            <source>Exported %1 chapters, %2 min, %3 LUFS: %4</source>
            <translation>%1 Kapitel exportiert, %2 min, %3 LUFS: %4</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="217" />
            <source>Render the project</source>
            <translation>Projekt vertonen</translation>
        </message>
        <message>
            <location filename="../ui/projects/projectpage.cpp" line="381" />
            <source>Speak what is not rendered yet; blocks that did not change come from the cache (%1)</source>
            <translation>Spricht, was noch nicht vertont ist; unveränderte Absätze kommen aus dem Zwischenspeicher (%1)</translation>
        </message>
    </context>
    <context>
        <name>PronunciationsPage</name>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="40" />
            <source>Names and terms said your way in every generation of the selected account, in the studio and through the API: a word is said as an alias (other words) or as IPA phonemes. Whole words only; letter case counts only where “Match case” is on.</source>
            <translation>Namen und Begriffe so gesprochen, wie Sie es wollen, in jeder Sprachausgabe des gewählten Kontos, im Studio und über die API: Ein Wort wird als Ersatztext (andere Wörter) oder mit IPA-Lauten gesprochen. Nur ganze Wörter; Groß- und Kleinschreibung zählt nur, wo „Schreibung beachten“ an ist.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="48" />
            <source>Word</source>
            <translation>Wort</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="48" />
            <source>Said as</source>
            <translation>Gesprochen als</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="48" />
            <source>IPA</source>
            <translation>Lautschrift</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="48" />
            <source>Language</source>
            <translation>Sprache</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="48" />
            <location filename="../ui/pronunciationspage.cpp" line="70" />
            <source>Match case</source>
            <translation>Schreibung beachten</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="58" />
            <source>e.g. SQL</source>
            <translation>z. B. SQL</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="61" />
            <source>e.g. sequel</source>
            <translation>z. B. siekwel</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="64" />
            <source>e.g. ˈsiːkwəl</source>
            <translation>z. B. ˈsiːkwəl (Lautschrift)</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="66" />
            <source>IPA. Voices of other languages say it with their own sounds; English voices with the closest sounds of American English. With both, the alias is said where the IPA cannot be.</source>
            <translation>Lautschrift (IPA). Stimmen anderer Sprachen sprechen sie mit ihren eigenen Lauten, englische Stimmen mit den nächsten Lauten des amerikanischen Englisch. Ist beides angegeben, wird der Ersatztext gesprochen, wo die Lautschrift nicht geht.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="69" />
            <source>all languages (or en, de, pt-BR…)</source>
            <translation>alle Sprachen (oder en, de, pt-BR …)</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="71" />
            <source>Word:</source>
            <translation>Wort:</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="72" />
            <source>Said as:</source>
            <translation>Gesprochen als:</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="73" />
            <source>IPA:</source>
            <translation>Lautschrift:</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="74" />
            <source>Language:</source>
            <translation>Sprache:</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="79" />
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="80" />
            <source>Save changes</source>
            <translation>Änderungen speichern</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="81" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="83" />
            <source>Voice for listening</source>
            <translation>Stimme zum Anhören</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="86" />
            <location filename="../ui/pronunciationspage.cpp" line="197" />
            <source>Listen</source>
            <translation>Anhören</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="87" />
            <source>Say the selected word in a sentence with this voice (free, kept out of History as a preview).</source>
            <translation>Das gewählte Wort in einem Satz mit dieser Stimme sprechen (kostenlos, als Hörprobe nicht im Verlauf).</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="89" />
            <source>Import PLS…</source>
            <translation>PLS importieren …</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="90" />
            <source>Export PLS…</source>
            <translation>PLS exportieren …</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="155" />
            <source>all</source>
            <translation>alle</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="156" />
            <source>yes</source>
            <translation>ja</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="156" />
            <source>no</source>
            <translation>nein</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="197" />
            <source>Stop</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="206" />
            <source>Create or select an account first (Accounts page).</source>
            <translation>Legen Sie zuerst ein Konto an oder wählen Sie eines (Seite Konten).</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="218" />
            <source>Not saved: %1</source>
            <translation>Nicht gespeichert: %1</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="233" />
            <source>Added “%1”.</source>
            <translation>„%1“ hinzugefügt.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="243" />
            <source>Saved “%1”.</source>
            <translation>„%1“ gespeichert.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="253" />
            <source>Deleted “%1”.</source>
            <translation>„%1“ gelöscht.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="258" />
            <source>This is how %1 sounds.</source>
            <translation>So klingt %1.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="285" />
            <source>Saying “%1” with %2…</source>
            <translation>„%1“ wird mit %2 gesprochen …</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="310" />
            <source>Done.</source>
            <translation>Fertig.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="312" />
            <source>Stopped.</source>
            <translation>Angehalten.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="314" />
            <source>Could not say it: %1</source>
            <translation>Konnte es nicht sprechen: %1</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="324" />
            <source>Import pronunciation lexicon</source>
            <translation>Aussprachelexikon importieren</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="325" />
            <source>Pronunciation lexicons (*.pls *.xml);;All files (*)</source>
            <translation>Aussprachelexika (*.pls *.xml);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="345" />
            <source>Cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="346" />
            <source>Not a pronunciation lexicon: %1</source>
            <translation>Kein Aussprachelexikon: %1</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="359" />
            <source>Imported entries: %1.</source>
            <translation>Importierte Einträge: %1.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="360" />
            <source>Skipped (no IPA or alias): %1.</source>
            <translation>Übersprungen (ohne Lautschrift oder Ersatztext): %1.</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="368" />
            <source>Export pronunciation lexicon</source>
            <translation>Aussprachelexikon exportieren</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="369" />
            <source>Pronunciation lexicons (*.pls)</source>
            <translation>Aussprachelexika (*.pls)</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="383" />
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/pronunciationspage.cpp" line="382" />
            <source>Exported %1 entries to %2.</source>
            <translation>%1 Einträge nach %2 exportiert.</translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="216" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="218" />
            <source>The recording is too large (at most 64 MiB).</source>
            <translation>Die Aufnahme ist zu groß (höchstens 64 MiB).</translation>
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="41" />
            <source>API server</source>
            <translation>API-Server</translation>
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="42" />
            <source>The API server could not start: %1. The studio works without it; change the port under Server settings.</source>
            <translation>Der API-Server konnte nicht starten: %1. Das Studio funktioniert auch ohne ihn; ändern Sie den Port unter „Servereinstellungen“.</translation>
        </message>
    </context>
    <context>
        <name>StudioLabels</name>
        <message>
            <location filename="../ui/studiolabels.cpp" line="20" />
            <source>Queued</source>
            <translation>In der Warteschlange</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="22" />
            <source>Generating</source>
            <translation>Wird erzeugt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="24" />
            <source>Completed</source>
            <translation>Fertig</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="26" />
            <source>Failed</source>
            <translation>Fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="28" />
            <source>Expired</source>
            <translation>Abgelaufen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="35" />
            <source>Stopped</source>
            <translation>Gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="45" />
            <source>Stopped before any audio.</source>
            <translation>Vor dem ersten Ton gestoppt.</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="46" />
            <source>Stopped before any audio: nothing was billed.</source>
            <translation>Vor dem ersten Ton gestoppt: nichts berechnet.</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="48" />
            <source>Stopped: the audio made until then is kept.</source>
            <translation>Gestoppt: Das bis dahin erzeugte Audio bleibt erhalten.</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="50" />
            <source>Stopped: the audio made until then is kept, billed for %1 of %2 tokens.</source>
            <translation>Gestoppt: das bis dahin erzeugte Audio bleibt erhalten, berechnet für %1 von %2 Token.</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="57" />
            <source>Grant</source>
            <translation>Gutschrift</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="59" />
            <source>Top-up</source>
            <translation>Aufladung</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="61" />
            <source>Hold</source>
            <translation>Vormerkung</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="63" />
            <source>Charge</source>
            <translation>Abbuchung</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="65" />
            <source>Release</source>
            <translation>Freigabe</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="84" />
            <source>Female</source>
            <translation>weiblich</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="85" />
            <source>Male</source>
            <translation>männlich</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="86" />
            <source>Neutral</source>
            <translation>neutral</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="94" />
            <source>American</source>
            <translation>amerikanisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="95" />
            <source>British</source>
            <translation>britisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="96" />
            <source>Scottish</source>
            <translation>schottisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="97" />
            <source>Indian</source>
            <translation>indisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="98" />
            <source>Japanese</source>
            <translation>japanisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="99" />
            <source>Mandarin</source>
            <translation>Mandarin-Chinesisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="100" />
            <source>Spanish</source>
            <translation>spanisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="101" />
            <source>French</source>
            <translation>französisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="102" />
            <source>Italian</source>
            <translation>italienisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="103" />
            <source>Brazilian</source>
            <translation>brasilianisch</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="111" />
            <source>new account</source>
            <translation>neues Konto</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="112" />
            <source>wallet top-up</source>
            <translation>Aufladung des Guthabens</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="113" />
            <source>credit grant</source>
            <translation>Gutschrift von Credits</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="114" />
            <source>not spoken: stopped in the studio</source>
            <translation>nicht gesprochen: im Studio gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="115" />
            <source>Stopped in the studio</source>
            <translation>Im Studio gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="116" />
            <source>Cancelled</source>
            <translation>Abgebrochen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="117" />
            <source>Client disconnected</source>
            <translation>Verbindung des Clients getrennt</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="127" />
            <source>%1 credits, %2</source>
            <translation>%1 Credits, %2</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="130" />
            <source>%1; the stream ended early after audio: %2</source>
            <translation>%1; der Stream endete nach Audio vorzeitig: %2</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="134" />
            <source>stopped in the studio: %1 of %2 tokens, %3 credits, %4</source>
            <translation>im Studio gestoppt: %1 von %2 Token, %3 Credits, %4</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="142" />
            <source>not metered</source>
            <translation>nicht abgerechnet</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="144" />
            <source>wallet</source>
            <translation>Guthaben</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="145" />
            <source>monthly credits</source>
            <translation>monatliche Credits</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="151" />
            <source>Base</source>
            <translation>Basis</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="153" />
            <source>Advanced</source>
            <translation>Erweitert</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="190" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="208" />
            <source>the account's credits and wallet do not cover it</source>
            <translation>Credits und Guthaben des Kontos reichen nicht aus</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="211" />
            <source>the studio is busy; try again in a moment</source>
            <translation>das Studio ist ausgelastet; bitte gleich noch einmal versuchen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="213" />
            <source>the studio's database does not answer; try again in a moment</source>
            <translation>die Datenbank des Studios antwortet nicht; bitte gleich noch einmal versuchen</translation>
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="215" />
            <source>something went wrong inside the studio</source>
            <translation>im Studio ist ein Fehler aufgetreten</translation>
        </message>
    </context>
    <context>
        <name>VoiceDescriptions</name>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="13" />
            <source>Brazilian Portuguese female voice.</source>
            <translation>Brasilianisch-portugiesische Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="14" />
            <source>Brazilian Portuguese male voice.</source>
            <translation>Brasilianisch-portugiesische Männerstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="15" />
            <source>Bright, energetic premium female voice.</source>
            <translation>Helle, energiegeladene Premium-Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="16" />
            <source>Bright, higher-pitched American English voice.</source>
            <translation>Helle, höhere Stimme für amerikanisches Englisch.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="17" />
            <source>Calm, androgynous premium voice.</source>
            <translation>Ruhige, androgyne Premium-Stimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="18" />
            <source>Clear, warm American English narrator.</source>
            <translation>Klare, warme Erzählstimme für amerikanisches Englisch.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="19" />
            <source>Confident premium male narrator.</source>
            <translation>Selbstbewusste Premium-Erzählstimme (männlich).</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="20" />
            <source>Crisp, fast premium voice for assistants.</source>
            <translation>Klare, schnelle Premium-Stimme für Assistenten.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="21" />
            <source>Crisp, fast-responding American English voice (diphone).</source>
            <translation>Klare, schnell reagierende Stimme für amerikanisches Englisch (Diphon).</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="22" />
            <source>Deep, resonant premium male voice.</source>
            <translation>Tiefe, volle Premium-Männerstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="23" />
            <source>Expressive premium narrator; speaks all 23 advanced languages.</source>
            <translation>Ausdrucksstarke Premium-Erzählstimme; spricht alle 23 Sprachen des erweiterten Modells.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="24" />
            <source>French female voice.</source>
            <translation>Französische Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="25" />
            <source>French male voice.</source>
            <translation>Französische Männerstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="26" />
            <source>Hindi female voice reading Devanagari.</source>
            <translation>Hindi-Frauenstimme, liest Devanagari.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="27" />
            <source>Hindi male voice reading Devanagari.</source>
            <translation>Hindi-Männerstimme, liest Devanagari.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="28" />
            <source>Italian female voice.</source>
            <translation>Italienische Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="29" />
            <source>Italian male voice.</source>
            <translation>Italienische Männerstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="30" />
            <source>Japanese female voice; kanji are read through kana.</source>
            <translation>Japanische Frauenstimme; Kanji werden über Kana gelesen.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="31" />
            <source>Japanese male voice; kanji are read through kana.</source>
            <translation>Japanische Männerstimme; Kanji werden über Kana gelesen.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="32" />
            <source>Low, intimate premium female voice.</source>
            <translation>Tiefe, vertraute Premium-Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="33" />
            <source>Lower, calm female voice for British English (reads with a general English lexicon).</source>
            <translation>Tiefere, ruhige Frauenstimme für britisches Englisch (liest mit einem allgemeinen englischen Lexikon).</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="34" />
            <source>Mandarin Chinese female voice reading hanzi.</source>
            <translation>Mandarin-chinesische Frauenstimme, liest Hanzi.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="35" />
            <source>Mandarin Chinese male voice reading hanzi.</source>
            <translation>Mandarin-chinesische Männerstimme, liest Hanzi.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="36" />
            <source>Scottish-accented male voice for British English.</source>
            <translation>Männerstimme mit schottischem Akzent für britisches Englisch.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="37" />
            <source>Scottish-accented premium storyteller.</source>
            <translation>Premium-Erzählstimme mit schottischem Akzent.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="38" />
            <source>Spanish female voice.</source>
            <translation>Spanische Frauenstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="39" />
            <source>Spanish male voice.</source>
            <translation>Spanische Männerstimme.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="40" />
            <source>Steady American English male voice.</source>
            <translation>Ruhige Männerstimme für amerikanisches Englisch.</translation>
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="41" />
            <source>Warm, higher premium voice with a Scottish lilt.</source>
            <translation>Warme, höhere Premium-Stimme mit schottischem Tonfall.</translation>
        </message>
    </context>
    <context>
        <name>VoiceSettingsEditor</name>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="54" />
            <source>Voice:</source>
            <translation>Stimme:</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="55" />
            <source>Model:</source>
            <translation>Modell:</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="56" />
            <source>Language:</source>
            <translation>Sprache:</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="57" />
            <source>Speed:</source>
            <translation>Tempo:</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="84" />
            <location filename="../ui/projects/voicesettingseditor.cpp" line="92" />
            <location filename="../ui/projects/voicesettingseditor.cpp" line="113" />
            <source>Inherited (%1)</source>
            <translation>Geerbt (%1)</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="130" />
            <source>Inherited</source>
            <translation>Geerbt</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="131" />
            <source>The voice's own</source>
            <translation>Die der Stimme</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="51" />
            <source>Advanced model only; the base model ignores it.</source>
            <translation>Nur im Modell „Erweitert“; das Basismodell ignoriert es.</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="52" />
            <source>Pacing: higher reads more deliberately (1.0 to 5.0). %1</source>
            <translation>Gliederung und Pausen: höher liest bedächtiger (1,0 bis 5,0). %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="53" />
            <source>Expressiveness: the spread of pitch (0.0 monotone to 1.0). %1</source>
            <translation>Ausdruck: die Spannweite der Tonhöhe (0,0 monoton bis 1,0). %1</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="58" />
            <source>CFG weight:</source>
            <translation>CFG-Gewichtung:</translation>
        </message>
        <message>
            <location filename="../ui/projects/voicesettingseditor.cpp" line="59" />
            <source>Exaggeration:</source>
            <translation>Ausdrucksstärke:</translation>
        </message>
    </context>
    <context>
        <name>VoicesPage</name>
        <message>
            <location filename="../ui/voicespage.cpp" line="108" />
            <source>All models</source>
            <translation>Alle Modelle</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="109" />
            <source>Base</source>
            <translation>Basis</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="110" />
            <source>Advanced</source>
            <translation>Erweitert</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="111" />
            <source>Model filter</source>
            <translation>Modellfilter</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="112" />
            <source>&amp;Model:</source>
            <translation>&amp;Modell:</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="115" />
            <source>Search voices (name, id, gender, accent, description)…</source>
            <translation>Stimmen suchen (Name, ID, Geschlecht, Akzent, Beschreibung)…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="117" />
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
            <location filename="../ui/voicespage.cpp" line="129" />
            <source>Play</source>
            <translation>Anhören</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="172" />
            <source>Click ▶ to hear a voice say one short sentence; click again to stop. Previews are free and kept out of History unless you show previews there.</source>
            <translation>Klicken Sie auf ▶, um eine Stimme einen kurzen Satz sprechen zu hören; erneut klicken stoppt. Hörproben sind kostenlos und erscheinen nur im Verlauf, wenn Sie dort Hörproben anzeigen.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="183" />
            <source>No audio output device was found: previews are generated but cannot be heard here.</source>
            <translation>Kein Audioausgabegerät gefunden: Hörproben werden erzeugt, können hier aber nicht gehört werden.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="268" />
            <source>Preview %1: plays one short sample sentence; click again to stop.
Previews are free and kept out of History unless you show previews there.</source>
            <translation>Hörprobe von %1: spielt einen kurzen Beispielsatz; erneut klicken stoppt.
Hörproben sind kostenlos und erscheinen nur im Verlauf, wenn Sie dort Hörproben anzeigen.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="88" />
            <source>No audio output is available: previews are generated but cannot be heard here.</source>
            <translation>Keine Audioausgabe verfügbar: Hörproben werden erzeugt, können hier aber nicht gehört werden.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Custom</source>
            <translation>Eigene</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="147" />
            <source>Voices</source>
            <translation>Stimmen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="157" />
            <location filename="../ui/voicespage.cpp" line="340" />
            <source>Preview</source>
            <translation>Vorschau</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="158" />
            <source>New custom voice…</source>
            <translation>Neue eigene Stimme…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="159" />
            <source>Edit…</source>
            <translation>Bearbeiten…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="160" />
            <source>Delete…</source>
            <translation>Löschen…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="161" />
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="162" />
            <source>A system voice with its own pitch and rate, optionally matched to a recording</source>
            <translation>Eine Systemstimme mit eigener Tonhöhe und eigenem Tempo, optional an eine Aufnahme angeglichen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Free</source>
            <translation>Kostenlos</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Premium</source>
            <translation>Premium</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Yes</source>
            <translation>Ja</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="285" />
            <source>%n voice(s)</source>
            <translation>
                <numerusform>%n Stimme</numerusform>
                <numerusform>%n Stimmen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="286" />
            <source>%n custom</source>
            <translation>
                <numerusform>%n eigene</numerusform>
                <numerusform>%n eigene</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="340" />
            <source>Stop preview</source>
            <translation>Vorschau stoppen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="342" />
            <source>Play one short sample sentence in the selected voice (Esc stops).
Previews are free and kept out of History unless you show previews there.</source>
            <translation>Einen kurzen Beispielsatz mit der gewählten Stimme abspielen (Esc stoppt).
Hörproben sind kostenlos und erscheinen nur im Verlauf, wenn Sie dort Hörproben anzeigen.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="344" />
            <source>%1 shown</source>
            <translation>%1 angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="351" />
            <source>Select a voice to see its description.</source>
            <translation>Wählen Sie eine Stimme, um ihre Beschreibung zu sehen.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="352" />
            <location filename="../ui/voicespage.cpp" line="392" />
            <location filename="../ui/voicespage.cpp" line="484" />
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
            <location filename="../ui/voicespage.cpp" line="411" />
            <source>Previewing %1…</source>
            <translation>Vorschau von %1…</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="440" />
            <source>Preview of %1: %2.</source>
            <translation>Hörprobe von %1: %2.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="446" />
            <source>No preview of %1: %2</source>
            <translation>Keine Vorschau von %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="449" />
            <source>Preview of %1 failed: %2</source>
            <translation>Vorschau von %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="464" />
            <source>Preview stopped.</source>
            <translation>Vorschau gestoppt.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="506" />
            <source>The voice %1 no longer exists.</source>
            <translation>Die Stimme %1 existiert nicht mehr.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="550" />
            <source>Created the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) erstellt.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="551" />
            <source>Saved the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) gespeichert.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="576" />
            <source>Delete custom voice</source>
            <translation>Eigene Stimme löschen</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="577" />
            <source>Delete the custom voice "%1" (%2)?

Generations made with it keep their audio, but the voice can no longer be used. This cannot be undone.</source>
            <translation>Die eigene Stimme „%1“ (%2) löschen?

Mit ihr erzeugte Generierungen behalten ihr Audio, aber die Stimme kann nicht mehr verwendet werden. Das kann nicht rückgängig gemacht werden.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="591" />
            <source>Deleted the custom voice %1 (%2).</source>
            <translation>Eigene Stimme %1 (%2) gelöscht.</translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="592" />
            <source>Could not delete %1: %2</source>
            <translation>%1 konnte nicht gelöscht werden: %2</translation>
        </message>
    </context>
    <context>
        <name>WaveformView</name>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="16" />
            <source>Waveform</source>
            <translation>Wellenform</translation>
        </message>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="17" />
            <source>Click to play from there</source>
            <translation>Klicken, um ab hier abzuspielen</translation>
        </message>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="19" />
            <source>The waveform appears here while speech streams in.</source>
            <translation>Die Wellenform erscheint hier, während die Sprache gestreamt wird.</translation>
        </message>
    </context>
</TS>
