<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
    <context>
        <name>AccountsPage</name>
        <message>
            <location filename="../ui/accountspage.cpp" line="55" />
            <location filename="../ui/accountspage.cpp" line="123" />
            <source>Pro</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="56" />
            <location filename="../ui/accountspage.cpp" line="122" />
            <source>Free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="132" />
            <source>Optional, shown in the ledger</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="172" />
            <location filename="../ui/accountspage.cpp" line="184" />
            <source>Accounts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <location filename="../ui/accountspage.cpp" line="206" />
            <location filename="../ui/accountspage.cpp" line="362" />
            <source>Credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <location filename="../ui/accountspage.cpp" line="206" />
            <location filename="../ui/accountspage.cpp" line="362" />
            <source>Wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="177" />
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="187" />
            <source>New account…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="189" />
            <source>Change plan…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="191" />
            <source>Add credits…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="193" />
            <source>Top up wallet…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="203" />
            <location filename="../ui/accountspage.cpp" line="216" />
            <location filename="../ui/accountspage.cpp" line="330" />
            <source>Ledger</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Source</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <source>Note</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="285" />
            <source>No accounts yet. Create the first one to generate speech and issue API keys; a new account starts with %1 credits.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="287" />
            <source>Credits are spent first (%1 per token on the base model, %2 on advanced); when they run out, the prepaid wallet pays. Balances here are local bookkeeping.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="334" />
            <source>Ledger — %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="349" />
            <source>Credits added</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="350" />
            <source>Wallet top-up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="351" />
            <source>Held when a generation was created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="352" />
            <source>Charged when the generation completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="353" />
            <source>Returned: the generation failed or was cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="386" />
            <source>Select an account to see every movement of its credits and wallet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="388" />
            <source>No movements yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="390" />
            <source>Showing the latest %1 movements.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="392" />
            <source>The ledger adds up to the balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="393" />
            <source>Warning: the ledger does not add up to the balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="409" />
            <source>New account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="410" />
            <source>An account owns API keys, generations and balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="410" />
            <source>Create</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="414" />
            <source>e.g. alice or my-app</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="426" />
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="427" />
            <location filename="../ui/accountspage.cpp" line="465" />
            <source>&amp;Plan:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="428" />
            <source>Starting &amp;credits:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="429" />
            <source>Starting &amp;wallet:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="441" />
            <source>The account was not created: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="445" />
            <source>Account “%1” created (%2 plan, %3 credits, %4 in the wallet).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="460" />
            <source>Change plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="461" />
            <source>The plan of “%1”. The v3 API serves every voice on either plan; the legacy v2 API keeps premium voices for Pro.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="463" />
            <source>Change</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="471" />
            <source>The plan was not changed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="477" />
            <source>“%1” is now on the %2 plan.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="488" />
            <source>Add credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="489" />
            <source>Credits for “%1”: one pays for a token of base speech, two for advanced.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="491" />
            <source>Add</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="498" />
            <source>&amp;Credits:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="499" />
            <location filename="../ui/accountspage.cpp" line="535" />
            <source>N&amp;ote:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="507" />
            <source>No credits were added: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="510" />
            <source>Added %1 credits to “%2”: %3 now.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="523" />
            <source>Top up wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="524" />
            <source>Money for “%1” when its credits run out. This is local bookkeeping: no payment is taken.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="526" />
            <source>Top up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="534" />
            <source>&amp;Amount:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="543" />
            <source>The wallet was not topped up: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="546" />
            <source>Added %1 to the wallet of “%2”: %3 now.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>AudioPlayer</name>
        <message>
            <location filename="../ui/audioplayer.cpp" line="46" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/audioplayer.cpp" line="54" />
            <source>The audio device could not be opened: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CustomVoiceDialog</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="45" />
            <source>New custom voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="51" />
            <source>e.g. Narrator, slower and deeper</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="52" />
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="55" />
            <source>Base voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="62" />
            <source>, premium</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="64" />
            <source>&amp;Base voice:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="66" />
            <source>Factor on the base voice's pitch: below 1 is deeper, above 1 higher (0.5 to 2.0).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="67" />
            <source>&amp;Pitch:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="68" />
            <source>Factor on the speaking rate: below 1 is slower, above 1 faster (0.5 to 2.0).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="69" />
            <source>&amp;Rate:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="71" />
            <source>Optional, up to 500 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="73" />
            <source>&amp;Description:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="76" />
            <source>Match a reference recording (optional)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="81" />
            <source>&lt;b&gt;An approximation, not voice cloning.&lt;/b&gt; Only the recording's median pitch and its speaking pace (syllables per second) are measured; pitch and rate above are set so the base voice matches them. The timbre, accent and intonation of the speaker are not copied.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="92" />
            <source>A WAV file (16-bit PCM, mono or stereo, at least 1 s of speech)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="93" />
            <source>Choose WAV…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="110" />
            <source>Create</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="119" />
            <source>The base voice changed: choose the recording again to match it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="141" />
            <source>Edit custom voice %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="142" />
            <source>Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="179" />
            <source>Measuring synthesizes a test sentence with %1 once; it is not billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="180" />
            <source>Available when the base voice is an advanced (premium) voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="185" />
            <source>Reference recording</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="186" />
            <source>WAV audio (*.wav);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="195" />
            <source>Choose an advanced base voice first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="204" />
            <source>Measuring the recording and %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="221" />
            <source>Not matched: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="229" />
            <source>Recording: median pitch %1 Hz, %2 syllables/s. %3: %4 Hz, %5 syllables/s. Set pitch %6× and rate %7× (limited to 0.5–2.0).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="247" />
            <source>Give the voice a name.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="252" />
            <source>The description is too long: at most 500 characters.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>GeneratePage</name>
        <message>
            <location filename="../ui/generatepage.cpp" line="77" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="103" />
            <source>Write or paste the text to speak, or drop a .txt file here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="104" />
            <source>Text to speak</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="109" />
            <source>Open text…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="115" />
            <source>Voice and settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="118" />
            <source>Base — standard voices, lowest cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="119" />
            <source>Advanced — premium voices, 23 languages, expressive</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="120" />
            <source>&amp;Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="124" />
            <source>Search voices (name, gender, accent)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="135" />
            <source>Voice:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="139" />
            <source>&amp;Language:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="146" />
            <source>&amp;Speed:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="151" />
            <source>Pacing: higher values read more deliberately, with longer pauses.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="152" />
            <source>&amp;CFG weight:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="157" />
            <source>Expressiveness: how far the pitch moves.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="158" />
            <source>&amp;Exaggeration:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="162" />
            <source>&amp;Format:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="166" />
            <source>Speak</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="167" />
            <source>Generate and play while it streams (Ctrl+Enter)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="169" />
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="170" />
            <source>Stop generating and playing (Esc)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="171" />
            <source>Save as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="185" />
            <source>Ready.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="236" />
            <source>Voice default</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="255" />
            <location filename="../ui/generatepage.cpp" line="277" />
            <source>, premium</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="279" />
            <source>%n character(s)</source>
            <translation>
                <numerusform>%n character</numerusform>
                <numerusform>%n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="280" />
            <source>%n token(s)</source>
            <translation>
                <numerusform>%n token</numerusform>
                <numerusform>%n tokens</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="281" />
            <source>≈ %1 credits or $%2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="284" />
            <source>too long: at most %1 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="292" />
            <location filename="../ui/generatepage.cpp" line="296" />
            <location filename="../ui/generatepage.cpp" line="305" />
            <source>Open text</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="292" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="296" />
            <source>%1 is too large for one generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="305" />
            <source>Text files (*.txt);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="321" />
            <source>Create or select an account first (Accounts page).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="344" />
            <source>Generating…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="351" />
            <source>Not generated: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="372" />
            <source>Playing — first sound after %1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="393" />
            <source>Done: %1 s of audio, %2 tokens, $%3 (%4).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="409" />
            <source>Failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="419" />
            <source>Stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="431" />
            <source>MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="431" />
            <source>WAV audio (*.wav);;MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="433" />
            <source>Save speech</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="455" />
            <source>Saved %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="455" />
            <source>Could not save %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>HistoryModel</name>
        <message>
            <location filename="../ui/historymodel.cpp" line="305" />
            <source>Wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="305" />
            <source>Credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="311" />
            <source>%1 (UTC)
ID: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="314" />
            <source>Older than the generation lifetime: the audio is no longer available.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="316" />
            <source>Generation failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="348" />
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="350" />
            <source>Status</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="352" />
            <source>Voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="354" />
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="356" />
            <source>Tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="358" />
            <source>Cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="360" />
            <source>Method</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="362" />
            <source>Paid from the wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="362" />
            <source>Paid from the monthly credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="391" />
            <source>Text</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>HistoryPage</name>
        <message>
            <location filename="../ui/historypage.cpp" line="179" />
            <source>&amp;Status:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="182" />
            <source>All</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="187" />
            <source>Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <source>The list also updates by itself as generations progress.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="220" />
            <source>Generation history</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="231" />
            <source>Play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="232" />
            <source>Play the selected generation (or double-click it)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="233" />
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="234" />
            <source>Save as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="235" />
            <source>Copy audio URL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="285" />
            <source>No account yet. Create one on the Accounts &amp; credits page; its generations will be listed here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="287" />
            <source>No generations yet. Speak something on the Generate page or call the API; generations appear here as they are queued and finish.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="290" />
            <source>No generations with status %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="367" />
            <source>No API server in this window, so there is no link to give.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="376" />
            <source>Select a generation to see its text and play it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="393" />
            <source>Generation failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="395" />
            <source>Expired %1: the audio has been removed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>Loading audio…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="414" />
            <source>Cannot play %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="446" />
            <source>MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="446" />
            <source>WAV audio (*.wav)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="447" />
            <source>Save audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="464" />
            <source>Could not save %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="477" />
            <source>Link copied; it works without an API key until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="478" />
            <source>Link copied; it works once the API server runs, until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="120" />
            <source>Voice previews</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="122" />
            <source>Also list the samples played on the Voices page.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="184" />
            <source>Save the audio as WAV or MP3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="185" />
            <source>Open in Generate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="186" />
            <source>Put this text and its settings on the Generate page</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="187" />
            <source>Delete…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <location filename="../ui/historypage.cpp" line="372" />
            <source>Delete the generation and its audio file (Del)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="273" />
            <source>No generations match %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="538" />
            <source>Saving %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="587" />
            <source>Delete generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="588" />
            <source>Delete %1 and its audio file?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="591" />
            <source>This cannot be undone. What it cost is not refunded.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="593" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="609" />
            <source>Deleting…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="614" />
            <source>Could not delete: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="618" />
            <source>Deleted %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="619" />
            <source>Deleted, but its audio file could not be removed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="47" />
            <source>not a WAV file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="49" />
            <source>not 16-bit mono 24 kHz audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="51" />
            <source>not 24 kHz audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="53" />
            <source>no audio data in the file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="55" />
            <source>no MP3 decoder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="57" />
            <source>the MP3 data is damaged</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="69" />
            <source>“%1”</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="109" />
            <source>Search text or voice…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="111" />
            <source>Search the history</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="371" />
            <source>Still being generated: it can be deleted once it has finished.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="375" />
            <source>Copy a signed download link; it works without an API key until the generation expires or is deleted.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="395" />
            <source>speed %1×</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="397" />
            <source>CFG weight %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="398" />
            <source>exaggeration %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>Made in the studio: kept until you delete it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="412" />
            <source>Made through the API: the audio is available until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="440" />
            <source>Playing %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="547" />
            <source>Saved %1 (%2, %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="564" />
            <source>Link copied; it works without an API key until you delete the generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="565" />
            <source>Link copied; it works once the API server runs, until you delete the generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="406" />
            <source>Tokens: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>%1 paid from the wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="410" />
            <source>%1 paid from the monthly credits</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>KeysPage</name>
        <message>
            <location filename="../ui/keyspage.cpp" line="55" />
            <source>Name for the new key, e.g. the program that will use it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="58" />
            <source>New key name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="59" />
            <source>Create key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="67" />
            <source>Status</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="79" />
            <source>API keys</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="83" />
            <source>Revoke…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="85" />
            <source>The key stops working at once; this cannot be undone.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="112" />
            <source>No account yet. Create one on the &lt;b&gt;Accounts &amp;amp; credits&lt;/b&gt; page, then give programs API keys for it here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="117" />
            <source>Programs use the v3 API as this account by sending a key in the &lt;tt&gt;x-api-key&lt;/tt&gt; header. A key is shown once, when it is created; revoke any key you no longer trust.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="140" />
            <source>Only the last four characters of a key are kept.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="142" />
            <source>Revoked %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="142" />
            <source>Active</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="202" />
            <source>The key was not created: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="207" />
            <source>Key “%1” created.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="221" />
            <source>New API key “%1”</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="225" />
            <source>&lt;b&gt;Copy this key now — it will not be shown again.&lt;/b&gt;&lt;br&gt;Only a hash and its last four characters are stored. If you lose it, revoke it and create a new one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="239" />
            <source>New API key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="240" />
            <source>Copy</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="246" />
            <source>Send it with every request as the header &lt;tt&gt;x-api-key: %1&lt;/tt&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="248" />
            <source>, e.g. to &lt;tt&gt;%1/v3/voices&lt;/tt&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="255" />
            <source>I have copied it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="261" />
            <source>Copied</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="276" />
            <source>Revoke API key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="277" />
            <source>Revoke the key “%1” (ending in %2)?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="280" />
            <source>Programs using it are refused from their next request on. This cannot be undone.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="281" />
            <source>Revoke</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="296" />
            <source>Key “%1” revoked: it no longer works.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/keyspage.cpp" line="297" />
            <source>The key was not revoked: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../ui/mainwindow.cpp" line="33" />
            <source>TTS Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="36" />
            <source>Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="39" />
            <source> Account: </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="42" />
            <source>Account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="50" />
            <source>Server settings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Generate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>History</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>API keys</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Accounts &amp; credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="101" />
            <source>Server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="136" />
            <source>No account yet — create one on the Accounts page</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="149" />
            <source> API server: not available </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="154" />
            <source> API server: running at %1 </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="155" />
            <source>Stop server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="158" />
            <source> API server: stopped </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="158" />
            <source> API server: stopped (%1) </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="159" />
            <source>Start server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="170" />
            <location filename="../ui/mainwindow.cpp" line="187" />
            <location filename="../ui/mainwindow.cpp" line="192" />
            <source>Server settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="176" />
            <source>Listen address:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="177" />
            <source>Port (0 = any free port):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="178" />
            <source>127.0.0.1 keeps the API on this machine; 0.0.0.0 opens it to the network.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="187" />
            <source>'%1' is not an IP address.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="210" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="212" />
            <source>The recording is too large (at most 64 MiB).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="18" />
            <source>API server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="19" />
            <source>The API server could not start: %1. The studio works without it; change the port under Server settings.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>StudioLabels</name>
        <message>
            <location filename="../ui/studiolabels.cpp" line="13" />
            <source>Queued</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="15" />
            <source>Generating</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="17" />
            <source>Completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="19" />
            <source>Failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="21" />
            <source>Expired</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="28" />
            <source>Base</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="30" />
            <source>Advanced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="67" />
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>VoicesPage</name>
        <message>
            <location filename="../ui/voicespage.cpp" line="85" />
            <source>No audio output is available: previews are generated (and billed) but cannot be heard here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="109" />
            <source>All models</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="110" />
            <source>Base</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="111" />
            <source>Advanced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="112" />
            <source>Model filter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="113" />
            <source>&amp;Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="116" />
            <source>Search voices (name, id, gender, accent, description)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="118" />
            <source>Search voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>ID</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Gender</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Accent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="127" />
            <source>Play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="128" />
            <source>Custom</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="145" />
            <source>Voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="155" />
            <location filename="../ui/voicespage.cpp" line="341" />
            <source>Preview</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="156" />
            <source>New custom voice…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="157" />
            <source>Edit…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="158" />
            <source>Delete…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="159" />
            <source>Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="160" />
            <source>A system voice with its own pitch and rate, optionally matched to a recording</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="170" />
            <source>Click ▶ to hear a voice; click again to stop. Previews are real generations and are billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="180" />
            <source>No audio output device was found: previews are generated (and billed) but cannot be heard here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="268" />
            <source>Preview %1: plays a short sample sentence; click again to stop.
A preview is a real generation: it is billed to the selected account (about %2 credits or $%3) and appears in the history.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Premium</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="283" />
            <source>Yes</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="286" />
            <source>%n voice(s)</source>
            <translation>
                <numerusform>%n voice</numerusform>
                <numerusform>%n voices</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="287" />
            <source>%n custom</source>
            <translation>
                <numerusform>%n custom</numerusform>
                <numerusform>%n custom</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="341" />
            <source>Stop preview</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="343" />
            <source>Play a short sample sentence in the selected voice (Esc stops).
A preview is a real generation: it is billed to the selected account and appears in the history.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="345" />
            <source>%1 shown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="352" />
            <source>Select a voice to see its description.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="353" />
            <location filename="../ui/voicespage.cpp" line="392" />
            <location filename="../ui/voicespage.cpp" line="480" />
            <source>Create or select an account first (Accounts page).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="362" />
            <source>Custom voice based on %1 (%2): pitch %3×, rate %4×.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="378" />
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="409" />
            <source>Previewing %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="416" />
            <source>No preview of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="433" />
            <source>Preview of %1: %2 s, billed %3 tokens ($%4, %5).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="446" />
            <source>Preview of %1 failed: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="460" />
            <source>Preview stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="502" />
            <source>The voice %1 no longer exists.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="546" />
            <source>Created the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="547" />
            <source>Saved the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="572" />
            <source>Delete custom voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="573" />
            <source>Delete the custom voice "%1" (%2)?

Generations made with it keep their audio, but the voice can no longer be used. This cannot be undone.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="587" />
            <source>Deleted the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="588" />
            <source>Could not delete %1: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>WaveformView</name>
        <message>
            <location filename="../ui/waveformview.cpp" line="15" />
            <source>Waveform</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/waveformview.cpp" line="65" />
            <source>The waveform appears here while speech streams in.</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
