<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
    <context>
        <name>AccountsPage</name>
        <message>
            <location filename="../ui/accountspage.cpp" line="58" />
            <location filename="../ui/accountspage.cpp" line="126" />
            <source>Pro</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="59" />
            <location filename="../ui/accountspage.cpp" line="125" />
            <source>Free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="135" />
            <source>Optional, shown in the ledger</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="175" />
            <location filename="../ui/accountspage.cpp" line="187" />
            <source>Accounts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="180" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="180" />
            <source>Plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="180" />
            <location filename="../ui/accountspage.cpp" line="209" />
            <location filename="../ui/accountspage.cpp" line="367" />
            <source>Credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="180" />
            <location filename="../ui/accountspage.cpp" line="209" />
            <location filename="../ui/accountspage.cpp" line="367" />
            <source>Wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="180" />
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="190" />
            <source>New account…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="192" />
            <source>Change plan…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="194" />
            <source>Add credits…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="196" />
            <source>Top up wallet…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="206" />
            <location filename="../ui/accountspage.cpp" line="221" />
            <location filename="../ui/accountspage.cpp" line="335" />
            <source>Ledger</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="209" />
            <source>Time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="209" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="209" />
            <source>Source</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="209" />
            <source>Generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="209" />
            <source>Note</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="290" />
            <source>No accounts yet. Create the first one to generate speech and issue API keys; a new account starts with %1 credits.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="292" />
            <source>Credits are spent first (%1 per token on the base model, %2 on advanced); when they run out, the prepaid wallet pays. Balances here are local bookkeeping.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="339" />
            <source>Ledger — %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="354" />
            <source>Credits added</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="355" />
            <source>Wallet top-up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="356" />
            <source>Held when a generation was created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="357" />
            <source>Charged when the generation completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="358" />
            <source>Returned: the generation failed or was cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="368" />
            <source>The prepaid wallet, in dollars</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="369" />
            <source>The monthly credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="393" />
            <source>Select an account to see every movement of its credits and wallet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="395" />
            <source>No movements yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="397" />
            <source>Showing the latest %1 movements.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="399" />
            <source>The ledger adds up to the balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="400" />
            <source>Warning: the ledger does not add up to the balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="416" />
            <source>New account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="417" />
            <source>An account owns API keys, generations and balances.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="417" />
            <source>Create</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="421" />
            <source>e.g. alice or my-app</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="433" />
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="434" />
            <location filename="../ui/accountspage.cpp" line="473" />
            <source>&amp;Plan:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="435" />
            <source>Starting &amp;credits:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="436" />
            <source>Starting &amp;wallet:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="448" />
            <source>The account was not created: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="452" />
            <source>Account “%1” created (%2 plan, %3 credits, %4 in the wallet).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="468" />
            <source>Change plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="469" />
            <source>The plan of “%1”. The v3 API serves every voice on either plan; the legacy v2 API keeps premium voices for Pro.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="471" />
            <source>Change</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="479" />
            <source>The plan was not changed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="485" />
            <source>“%1” is now on the %2 plan.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="496" />
            <source>Add credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="497" />
            <source>Credits for “%1”: one pays for a token of base speech, two for advanced.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="499" />
            <source>Add</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="506" />
            <source>&amp;Credits:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="507" />
            <location filename="../ui/accountspage.cpp" line="543" />
            <source>N&amp;ote:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="515" />
            <source>No credits were added: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="518" />
            <source>Added %1 credits to “%2”: %3 now.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="531" />
            <source>Top up wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="532" />
            <source>Money for “%1” when its credits run out. This is local bookkeeping: no payment is taken.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="534" />
            <source>Top up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="542" />
            <source>&amp;Amount:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="551" />
            <source>The wallet was not topped up: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/accountspage.cpp" line="554" />
            <source>Added %1 to the wallet of “%2”: %3 now.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>AudioPlayer</name>
        <message>
            <location filename="../ui/player/audioplayer.cpp" line="188" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/audioplayer.cpp" line="197" />
            <source>The audio device could not be opened: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CaptionsDialog</name>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="30" />
            <source>SubRip subtitles (*.srt)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="31" />
            <source>WebVTT subtitles (*.vtt)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="32" />
            <source>Save captions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="71" />
            <source>Saving %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="77" />
            <source>no word timings are stored for this generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/captionsdialog.cpp" line="85" />
            <source>Could not save %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../ui/captionsdialog.cpp" line="87" />
            <source>Saved captions %1 (%2, %n cue(s))</source>
            <translation>
                <numerusform>Saved captions %1 (%2, %n cue)</numerusform>
                <numerusform>Saved captions %1 (%2, %n cues)</numerusform>
            </translation>
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
            <location filename="../ui/customvoicedialog.cpp" line="143" />
            <source>Edit custom voice %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="144" />
            <source>Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="181" />
            <source>Measuring synthesizes a test sentence with %1 once; it is not billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="182" />
            <source>Available when the base voice is an advanced (premium) voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="187" />
            <source>Reference recording</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="188" />
            <source>WAV audio (*.wav);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="197" />
            <source>Choose an advanced base voice first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="206" />
            <source>Measuring the recording and %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="228" />
            <source>Not matched: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="236" />
            <source>Recording: median pitch %1 Hz, %2 syllables/s. %3: %4 Hz, %5 syllables/s. Set pitch %6× and rate %7× (limited to 0.5–2.0).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="257" />
            <source>Give the voice a name.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="262" />
            <source>The description is too long: at most 500 characters.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>GeneratePage</name>
        <message>
            <location filename="../ui/generatepage.cpp" line="97" />
            <source>No audio output device was found: speech is generated and saved, but cannot be played here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="165" />
            <source>Write or paste the text to speak, or drop a .txt file here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="166" />
            <source>Text to speak</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="172" />
            <source>Open text…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="184" />
            <source>Voice and settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="187" />
            <source>Base — standard voices, lowest cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="188" />
            <source>Advanced — premium voices, 23 languages, expressive</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="189" />
            <source>&amp;Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="193" />
            <source>Search voices (name, gender, accent)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="204" />
            <source>Voice:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="208" />
            <source>&amp;Language:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="233" />
            <source>&amp;Speed:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="219" />
            <source>Pacing: higher values read more deliberately, with longer pauses.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="233" />
            <source>&amp;CFG weight:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="224" />
            <source>Expressiveness: how far the pitch moves.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="175" />
            <source>From clipboard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="177" />
            <source>Replace the text with the clipboard's (Ctrl+Shift+V)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="233" />
            <source>E&amp;xaggeration:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="233" />
            <source>F&amp;ormat:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="250" />
            <source>Speak</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="251" />
            <source>Generate and play while it streams (Ctrl+Enter)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="253" />
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="254" />
            <source>Stop generating and playing (Esc)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="255" />
            <source>Save as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="271" />
            <source>Ready.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="275" />
            <source>Accounts &amp;&amp; credits…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="335" />
            <source>Voice default</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="356" />
            <location filename="../ui/generatepage.cpp" line="380" />
            <source>, premium</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="384" />
            <source>%n character(s)</source>
            <translation>
                <numerusform>%n character</numerusform>
                <numerusform>%n characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/generatepage.cpp" line="385" />
            <source>%n token(s)</source>
            <translation>
                <numerusform>%n token</numerusform>
                <numerusform>%n tokens</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="386" />
            <source>≈ %1 credits or %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="478" />
            <source>There is no account to bill this to: create one on the Accounts &amp; credits page.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="490" />
            <source>Getting ready to speak… (Esc cancels)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speak cancelled.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Making the rest at full speed, to save it…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No voice matches “%1”: clear the search to choose a voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No voice is available for this model.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not spoken: the settings changed while it was getting ready. Press Speak again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="619" />
            <source>Done: %1 of audio, %2 tokens, %3 from the %4.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="637" />
            <source>Stopped at %p%</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="640" />
            <source>Stopped: kept %1 of audio; billed %2 of %3 tokens (%4).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="644" />
            <source>Stopped before any audio: nothing was billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="666" />
            <source>Stopping — keeping what was spoken…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="388" />
            <source>too long: at most %1 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="394" />
            <source>more than this account has (%1 credits, %2 in the wallet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="404" />
            <location filename="../ui/generatepage.cpp" line="408" />
            <location filename="../ui/generatepage.cpp" line="453" />
            <source>Open text</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="404" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="408" />
            <source>%1 is too large for one generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="438" />
            <source>The clipboard holds no text.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="453" />
            <source>Text files (*.txt);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="518" />
            <source>Generating…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="540" />
            <source>Not generated: this text costs more than the account has left (%1 credits, %2 in the wallet). Add credits or top up the wallet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="545" />
            <source>Not generated: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="565" />
            <source>Playing — first sound after %1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="654" />
            <source>Failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="680" />
            <source>MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="680" />
            <source>WAV audio (*.wav);;MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="682" />
            <source>Save speech</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="700" />
            <source>Saved %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="700" />
            <source>Could not save %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="268" />
            <source>Export captions…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="270" />
            <source>Save subtitles of this speech (SubRip or WebVTT), timed word by word</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="470" />
            <source>Loading its audio…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="481" />
            <source>Cannot load its audio: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="504" />
            <source>Opened from History: press Play to hear it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="505" />
            <source>Opened from History: press Play to hear it, each word marked as it is spoken.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/generatepage.cpp" line="748" />
            <source>No captions to save yet: speak a text first.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>HistoryModel</name>
        <message>
            <location filename="../ui/historymodel.cpp" line="342" />
            <source>Wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="342" />
            <source>Credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="348" />
            <source>%1 (UTC)
ID: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="353" />
            <source>Older than the generation lifetime: the audio is no longer available.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="357" />
            <source>Generation failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="393" />
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="397" />
            <source>Status</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="399" />
            <source>Voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="401" />
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="403" />
            <source>Tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="405" />
            <source>Cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="407" />
            <source>Method</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="364" />
            <source>Paid from the wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="364" />
            <source>Paid from the monthly credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historymodel.cpp" line="395" />
            <source>Text</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>HistoryPage</name>
        <message>
            <location filename="../ui/historypage.cpp" line="114" />
            <source>&amp;Status:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="117" />
            <source>All</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="125" />
            <source>Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="126" />
            <source>The list also updates by itself as generations progress.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="162" />
            <source>Generation history</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="182" />
            <location filename="../ui/historypage.cpp" line="373" />
            <source>Play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="184" />
            <source>Play the selected generation (or double-click it)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="185" />
            <source>Save as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="191" />
            <source>Copy audio URL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="274" />
            <source>No account yet. Create one on the Accounts &amp; credits page; its generations will be listed here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="282" />
            <source>No generations yet. Speak something on the Generate page or call the API; generations appear here as they are queued and finish.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="280" />
            <source>No generations with status %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="385" />
            <source>No API server in this window, so there is no link to give.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="396" />
            <source>Select a generation to see its text and play it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="427" />
            <source>Generation failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="429" />
            <source>Expired %1: the audio has been removed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="454" />
            <source>Loading audio…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="459" />
            <source>Cannot play %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="540" />
            <source>MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="539" />
            <source>WAV audio (*.wav)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="541" />
            <source>Save audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="583" />
            <source>Could not save %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="606" />
            <source>Link copied; it works without an API key until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="607" />
            <source>Link copied; it works once the API server runs, until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="122" />
            <source>Voice previews</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="124" />
            <source>Also list the samples played on the Voices page.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="186" />
            <source>Save the audio as WAV or MP3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="187" />
            <source>Open in Generate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <source>Put this text and its settings on the Generate page</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="189" />
            <source>Delete…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="190" />
            <location filename="../ui/historypage.cpp" line="380" />
            <source>Delete the generation and its audio file (Del)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="278" />
            <source>No generations match %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="577" />
            <source>Saving %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="626" />
            <source>Delete generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="627" />
            <source>Delete %1 and its audio file?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="630" />
            <source>This cannot be undone. What it cost is not refunded.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="632" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="652" />
            <source>Deleting…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="657" />
            <source>Could not delete: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="661" />
            <source>Deleted %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="662" />
            <source>Deleted, but its audio file could not be removed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="49" />
            <source>not a WAV file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="51" />
            <source>not 16-bit mono 24 kHz audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="53" />
            <source>not 24 kHz audio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="55" />
            <source>no audio data in the file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="57" />
            <source>no MP3 decoder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="59" />
            <source>the MP3 data is damaged</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="71" />
            <source>“%1”</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="111" />
            <source>Search text or voice…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="113" />
            <source>Search the history</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="176" />
            <source>Select a generation and press Play to hear it here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="373" />
            <source>Pause</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="379" />
            <source>Still being generated: it can be deleted once it has finished.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="383" />
            <source>Copy a signed download link; it works without an API key until the generation expires or is deleted.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="405" />
            <source>speed %1×</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="407" />
            <source>CFG weight %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="408" />
            <source>exaggeration %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="431" />
            <source>Made in the studio: kept until you delete it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="433" />
            <source>Made through the API: the audio is available until %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="470" />
            <source>Playing %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="586" />
            <source>Saved %1 (%2, %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="603" />
            <source>Link copied; it works without an API key until you delete the generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="604" />
            <source>Link copied; it works once the API server runs, until you delete the generation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="415" />
            <source>Tokens: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="419" />
            <source>%1 paid from the wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="419" />
            <source>%1 paid from the monthly credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="188" />
            <source>Save captions…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="386" />
            <source>Save subtitles of this speech (SubRip or WebVTT), timed word by word</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/historypage.cpp" line="387" />
            <source>Made without word timings: there are no captions to save.</source>
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
            <location filename="../ui/mainwindow.cpp" line="45" />
            <source>TTS Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="48" />
            <source>Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="51" />
            <source> Account: </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="57" />
            <source>Account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="65" />
            <source>Server settings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="74" />
            <source>Generate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="75" />
            <source>History</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="76" />
            <source>Voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="77" />
            <source>API keys</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="78" />
            <source>Accounts &amp; credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="146" />
            <source>Server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="228" />
            <source>No account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="237" />
            <source>No account could be made for you: %1. Create one on the Accounts &amp; credits page.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="261" />
            <source>Speech made in the studio is billed to %1: %2 credits left. Details on the Accounts &amp; credits page.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="328" />
            <source>&amp;File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="330" />
            <source>&amp;Open text…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="336" />
            <source>&amp;Save speech as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="340" />
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="343" />
            <source>&amp;Edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="346" />
            <source>Text from &amp;clipboard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="354" />
            <source>S&amp;peak</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="361" />
            <source>S&amp;top</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="365" />
            <source>&amp;Help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="366" />
            <source>&amp;Keyboard shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="369" />
            <source>&amp;API documentation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="371" />
            <source>API &amp;server address…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="374" />
            <source>&amp;About TTS Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="380" />
            <source>Speak the text</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="381" />
            <source>Stop generating and playing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="382" />
            <source>Pause or play again</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="384" />
            <source>Replace the text with the clipboard's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="385" />
            <source>Open a text file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="386" />
            <source>Save the speech as WAV or MP3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="387" />
            <source>History: delete the selected generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="388" />
            <source>Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="393" />
            <source>Click the waveform to play from that point.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="394" />
            <source>Keyboard shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="404" />
            <location filename="../ui/mainwindow.cpp" line="409" />
            <source>API server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="405" />
            <source>The API server is not running. Start it with the button at the top of the window.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="410" />
            <source>The API server listens at:
%1

Clients send an API key (API keys page) in the x-api-key header.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="413" />
            <source>Copy address</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="432" />
            <source>About TTS Studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="433" />
            <source>&lt;h3&gt;TTS Studio %1&lt;/h3&gt;&lt;p&gt;Text to speech on this computer: the studio, an HTTP and WebSocket API and the command line, on one engine.&lt;/p&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="271" />
            <source> API server: not available </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="276" />
            <source> API server: running at %1 </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="277" />
            <source>Stop server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="280" />
            <source> API server: stopped </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="280" />
            <source> API server: stopped (%1) </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="281" />
            <source>Start server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="292" />
            <location filename="../ui/mainwindow.cpp" line="309" />
            <location filename="../ui/mainwindow.cpp" line="314" />
            <source>Server settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="298" />
            <source>Listen address:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="299" />
            <source>Port (0 = any free port):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="300" />
            <source>127.0.0.1 keeps the API on this machine; 0.0.0.0 opens it to the network.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="309" />
            <source>'%1' is not an IP address.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="338" />
            <source>Export &amp;captions…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Projects</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PlayerBar</name>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="56" />
            <source>Audio output</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="57" />
            <source>Where the sound goes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="62" />
            <location filename="../ui/player/playerbar.cpp" line="68" />
            <source>Volume</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="124" />
            <source>Default output</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="195" />
            <source>Pause</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="195" />
            <source>Play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="196" />
            <source>Pause (Ctrl+Space)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="196" />
            <source>Play again without generating again (Ctrl+Space)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/playerbar.cpp" line="216" />
            <source>%1 / %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="216" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/customvoicedialog.cpp" line="218" />
            <source>The recording is too large (at most 64 MiB).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="19" />
            <source>API server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../app/guimode.cpp" line="20" />
            <source>The API server could not start: %1. The studio works without it; change the port under Server settings.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>StudioLabels</name>
        <message>
            <location filename="../ui/studiolabels.cpp" line="17" />
            <source>Queued</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="19" />
            <source>Generating</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="21" />
            <source>Completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="23" />
            <source>Failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="25" />
            <source>Expired</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="32" />
            <source>Stopped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="41" />
            <source>Stopped before any audio: nothing was billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="43" />
            <source>Stopped: the audio made until then is kept, billed for %1 of %2 tokens.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="50" />
            <source>Grant</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="52" />
            <source>Top-up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="54" />
            <source>Hold</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="56" />
            <source>Charge</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="58" />
            <source>Release</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="77" />
            <source>Female</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="78" />
            <source>Male</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="79" />
            <source>Neutral</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="87" />
            <source>American</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="88" />
            <source>British</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="89" />
            <source>Scottish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="90" />
            <source>Indian</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="91" />
            <source>Japanese</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="92" />
            <source>Mandarin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="93" />
            <source>Spanish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="94" />
            <source>French</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="95" />
            <source>Italian</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="96" />
            <source>Brazilian</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="104" />
            <source>new account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="105" />
            <source>wallet top-up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="106" />
            <source>credit grant</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="107" />
            <source>not spoken: stopped in the studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="108" />
            <source>Stopped in the studio</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="109" />
            <source>Cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="110" />
            <source>Client disconnected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="122" />
            <source>%1 credits, %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="125" />
            <source>%1; the stream ended early after audio: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="129" />
            <source>stopped in the studio: %1 of %2 tokens, %3 credits, %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="137" />
            <source>wallet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="138" />
            <source>monthly credits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="144" />
            <source>Base</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="146" />
            <source>Advanced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/studiolabels.cpp" line="183" />
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>VoiceDescriptions</name>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="13" />
            <source>Brazilian Portuguese female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="14" />
            <source>Brazilian Portuguese male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="15" />
            <source>Bright, energetic premium female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="16" />
            <source>Bright, higher-pitched American English voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="17" />
            <source>Calm, androgynous premium voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="18" />
            <source>Clear, warm American English narrator.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="19" />
            <source>Confident premium male narrator.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="20" />
            <source>Crisp, fast premium voice for assistants.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="21" />
            <source>Crisp, fast-responding American English voice (diphone).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="22" />
            <source>Deep, resonant premium male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="23" />
            <source>Expressive premium narrator; speaks all 23 advanced languages.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="24" />
            <source>French female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="25" />
            <source>French male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="26" />
            <source>Hindi female voice reading Devanagari.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="27" />
            <source>Hindi male voice reading Devanagari.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="28" />
            <source>Italian female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="29" />
            <source>Italian male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="30" />
            <source>Japanese female voice; kanji are read through kana.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="31" />
            <source>Japanese male voice; kanji are read through kana.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="32" />
            <source>Low, intimate premium female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="33" />
            <source>Lower, calm female voice for British English (reads with a general English lexicon).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="34" />
            <source>Mandarin Chinese female voice reading hanzi.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="35" />
            <source>Mandarin Chinese male voice reading hanzi.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="36" />
            <source>Scottish-accented male voice for British English.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="37" />
            <source>Scottish-accented premium storyteller.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="38" />
            <source>Spanish female voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="39" />
            <source>Spanish male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="40" />
            <source>Steady American English male voice.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicedescriptions.cpp" line="41" />
            <source>Warm, higher premium voice with a Scottish lilt.</source>
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
            <location filename="../ui/voicespage.cpp" line="105" />
            <source>All models</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="106" />
            <source>Base</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="107" />
            <source>Advanced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="108" />
            <source>Model filter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="109" />
            <source>&amp;Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="112" />
            <source>Search voices (name, id, gender, accent, description)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="114" />
            <source>Search voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>ID</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>Gender</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>Accent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="123" />
            <source>Play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="124" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="124" />
            <source>Custom</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="141" />
            <source>Voices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="151" />
            <location filename="../ui/voicespage.cpp" line="340" />
            <source>Preview</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="152" />
            <source>New custom voice…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="153" />
            <source>Edit…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="154" />
            <source>Delete…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="155" />
            <source>Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="156" />
            <source>A system voice with its own pitch and rate, optionally matched to a recording</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="177" />
            <source>No audio output device was found: previews are generated (and billed) but cannot be heard here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Premium</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="282" />
            <source>Yes</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="285" />
            <source>%n voice(s)</source>
            <translation>
                <numerusform>%n voice</numerusform>
                <numerusform>%n voices</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/voicespage.cpp" line="286" />
            <source>%n custom</source>
            <translation>
                <numerusform>%n custom</numerusform>
                <numerusform>%n custom</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="340" />
            <source>Stop preview</source>
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
            <location filename="../ui/voicespage.cpp" line="487" />
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
            <location filename="../ui/voicespage.cpp" line="410" />
            <source>Previewing %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="449" />
            <source>No preview of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="439" />
            <source>Preview of %1: %2 s, billed %3 tokens ($%4, %5).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="166" />
            <source>Click ▶ to hear a voice say one short sentence; click again to stop. A preview is billed like any speech (see its tooltip) and kept out of History unless you show previews there.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="265" />
            <source>Preview %1: plays one short sample sentence; click again to stop.
It is billed to the selected account (about %2 credits or $%3) and marked as a preview: History leaves it out unless you show previews.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="342" />
            <source>Play one short sample sentence in the selected voice (Esc stops).
It is billed to the selected account and marked as a preview: History leaves it out unless you show previews.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="452" />
            <source>Preview of %1 failed: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="467" />
            <source>Preview stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="509" />
            <source>The voice %1 no longer exists.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="553" />
            <source>Created the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="554" />
            <source>Saved the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="579" />
            <source>Delete custom voice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="580" />
            <source>Delete the custom voice "%1" (%2)?

Generations made with it keep their audio, but the voice can no longer be used. This cannot be undone.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="594" />
            <source>Deleted the custom voice %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/voicespage.cpp" line="595" />
            <source>Could not delete %1: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>WaveformView</name>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="16" />
            <source>Waveform</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="17" />
            <source>Click to play from there</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../ui/player/waveformview.cpp" line="19" />
            <source>The waveform appears here while speech streams in.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ProjectPage</name>
        <message>
            <source>This block is not rendered yet: render it first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Edit block %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Change settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;h3&gt;Long-form projects&lt;/h3&gt;&lt;p&gt;A book or a course as chapters of paragraphs: each paragraph can have its own voice, only what you edit is spoken again, and the whole project becomes one MP3 with chapters.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Import&lt;/b&gt; a text, Markdown or EPUB document, &lt;b&gt;Open&lt;/b&gt; a project or start a &lt;b&gt;New&lt;/b&gt; one.&lt;/p&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Blocks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Block text</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Select a block to edit its text.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Delete block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speech settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Whole project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This chapter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Blocks use their chapter's settings unless they have their own; chapters use the project's.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Double-click a rendered block, or select one and press Play from block.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Undo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Redo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Start an empty project, saved where you choose</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open a project file (.ttsproject)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Import…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Make a project of a text (.txt), Markdown (.md) or EPUB document</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save as…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Projects are saved automatically; this saves a copy under another name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Render</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pause</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cancel</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Play from block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>MP3 with chapters…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>MP3 with chapters and a cue sheet…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>WAV, one file per chapter…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Captions (SRT/VTT)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SubRip captions (*.srt)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>WebVTT captions (*.vtt)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export captions</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>Exported %n caption(s): %1</source>
            <translation>
                <numerusform>Exported %n caption: %1</numerusform>
                <numerusform>Exported %n captions: %1</numerusform>
            </translation>
        </message>
        <message>
            <source>New project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Projects (*.ttsproject)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Import a document</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Documents (*.txt *.md *.markdown *.epub)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save project as</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Chapter 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Type the first paragraph here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Opening…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Importing…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot import %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Saving…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Saved</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not saved: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Projects</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; — %2 chapters, %3 blocks, %4 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Chapter %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 — %2 blocks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New paragraph.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Edited</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot render: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Everything is rendered: playing and exporting cost nothing.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>To render: %1 blocks, %2 tokens — %3 credits, or $%4 from the wallet (billed to the selected account)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>— more than the account has left.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The speech workers are not running.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Choose an account at the top of the window: rendering is billed to it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reserving credits…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The selected account cannot pay for this render: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rendering…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>estimating time left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 of %2 blocks (%3 from the cache) · %4 min of audio · %5</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rendered: %1 blocks, %2 spoken now, %3 from the cache, %4 min of audio.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cancelled: the blocks finished so far are kept; the others are not billed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rendering failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Resume</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Render the whole project before exporting: %1 blocks are not rendered yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>MP3 audio (*.mp3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>WAV audio (*.wav)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Exporting…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Exported %1 chapters, %2 min, %3 LUFS: %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Still to render: %1 blocks, %2 tokens (their price is reserved on the account until they are made).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Render the project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speak what is not rendered yet; blocks that did not change come from the cache (%1)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>VoiceSettingsEditor</name>
        <message>
            <source>Voice:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Language:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speed:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Inherited (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Inherited</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The voice's own</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Advanced model only; the base model ignores it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pacing: higher reads more deliberately (1.0 to 5.0). %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expressiveness: the spread of pitch (0.0 monotone to 1.0). %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>CFG weight:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Exaggeration:</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
