import CCairo

/// The fixed font set every render uses: the project's fontconfig file, embedded so the
/// binary needs nothing beside it, loaded into a private FcConfig (never the host's).
/// `fonts/fonts.conf` holds the same text for the reference tools; a test keeps them equal.
enum FontConfiguration {
    static let xml = #"""
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- snapshot's fixed font set. The renderer embeds this file (FontConfiguration.swift, kept
     equal by a test); point FONTCONFIG_FILE here so headless Chromium sees the same fonts. -->
<fontconfig>
  <dir>/usr/share/fonts/truetype/liberation2</dir>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <dir>/usr/share/fonts/truetype/noto</dir>
  <dir>/usr/share/fonts/opentype/noto</dir>
  <cachedir>/var/cache/fontconfig</cachedir>
  <!-- Only these files, whatever else the folders hold on a given host. Each is named in
       full: the renderer reads this list as the set it fingerprints (FontSet.expectedFiles). -->
  <selectfont>
    <acceptfont>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSans-Italic.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSans-BoldItalic.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSerif-Italic.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationSerif-BoldItalic.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationMono-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationMono-Italic.ttf</glob>
      <glob>/usr/share/fonts/truetype/liberation2/LiberationMono-BoldItalic.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansThai-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansTamil-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansTamil-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansTelugu-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGujarati-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGujarati-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansKannada-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansKannada-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansMalayalam-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansMalayalam-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGurmukhi-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGurmukhi-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansOriya-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansOriya-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansSinhala-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansSinhala-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansKhmer-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansLao-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansLao-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansMyanmar-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansArmenian-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansArmenian-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGeorgian-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansGeorgian-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansEthiopic-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansSymbols-Regular.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansSymbols-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf</glob>
      <glob>/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc</glob>
      <glob>/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc</glob>
      <glob>/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf</glob>
    </acceptfont>
    <rejectfont><glob>*</glob></rejectfont>
  </selectfont>
  <!-- A family we do not have falls back to sans-serif. A character the family lacks comes
       from DejaVu (Latin, Greek, Cyrillic, symbols), then the Noto font of its script. Han
       characters come from Noto Sans CJK: the face of the text's language (below: ja → JP,
       ko → KR, zh-Hant/zh-TW/zh-MO → TC, zh-HK → HK), SC otherwise. -->
  <match target="pattern">
    <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>
    <edit name="family" mode="append_last"><string>sans-serif</string></edit>
  </match>
  <match target="pattern">
    <edit name="family" mode="append_last"><string>DejaVu Sans</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Arabic</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Hebrew</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Thai</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Devanagari</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Bengali</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Tamil</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Telugu</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Gujarati</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Kannada</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Malayalam</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Gurmukhi</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Oriya</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Sinhala</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Khmer</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Lao</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Myanmar</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Armenian</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Georgian</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Ethiopic</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans CJK SC</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Symbols</string></edit>
    <edit name="family" mode="append_last"><string>Noto Sans Symbols2</string></edit>
    <edit name="family" mode="append_last"><string>Noto Color Emoji</string></edit>
  </match>
  <!-- As in WebKit, whose fallback asks fontconfig for the text's language, Han characters
       of Japanese, Korean and traditional Chinese text come from that language's face (its
       own glyph forms, which SC's locl feature does not all give). -->
  <match target="pattern">
    <test name="lang" compare="contains"><string>ja</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK JP</string></edit>
  </match>
  <match target="pattern">
    <test name="lang" compare="contains"><string>ko</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK KR</string></edit>
  </match>
  <match target="pattern">
    <test name="lang" compare="contains"><string>zh-hant</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK TC</string></edit>
  </match>
  <match target="pattern">
    <test name="lang" compare="contains"><string>zh-tw</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK TC</string></edit>
  </match>
  <match target="pattern">
    <test name="lang" compare="contains"><string>zh-mo</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK TC</string></edit>
  </match>
  <match target="pattern">
    <test name="lang" compare="contains"><string>zh-hk</string></test>
    <test name="family"><string>Noto Sans CJK SC</string></test>
    <edit name="family" mode="prepend"><string>Noto Sans CJK HK</string></edit>
  </match>
  <!-- Metric-compatible names mail CSS asks for, and the generic families. -->
  <alias binding="same"><family>Arial</family><prefer><family>Liberation Sans</family></prefer></alias>
  <alias binding="same"><family>Helvetica</family><prefer><family>Liberation Sans</family></prefer></alias>
  <alias binding="same"><family>Helvetica Neue</family><prefer><family>Liberation Sans</family></prefer></alias>
  <alias binding="same"><family>Arimo</family><prefer><family>Liberation Sans</family></prefer></alias>
  <alias binding="same"><family>Times</family><prefer><family>Liberation Serif</family></prefer></alias>
  <alias binding="same"><family>Times New Roman</family><prefer><family>Liberation Serif</family></prefer></alias>
  <alias binding="same"><family>Tinos</family><prefer><family>Liberation Serif</family></prefer></alias>
  <alias binding="same"><family>Courier</family><prefer><family>Liberation Mono</family></prefer></alias>
  <alias binding="same"><family>Courier New</family><prefer><family>Liberation Mono</family></prefer></alias>
  <alias binding="same"><family>Cousine</family><prefer><family>Liberation Mono</family></prefer></alias>
  <!-- As the renderer's FontSet.familyAliases maps them, so the reference browsers agree:
       DejaVu descends from Bitstream Vera, drawn to Verdana's proportions. -->
  <alias binding="same"><family>Verdana</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias binding="same"><family>Bitstream Vera Sans</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias binding="same"><family>system-ui</family><prefer><family>Liberation Sans</family></prefer></alias>
  <!-- Pango asks for the family "emoji" for emoji-presentation sequences: the colour font
       (DejaVu has black-and-white 👍 and ✅; iPhones draw colour). -->
  <alias binding="same"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
  <alias><family>sans-serif</family><prefer><family>Liberation Sans</family><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>Liberation Serif</family><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>Liberation Mono</family><family>DejaVu Sans Mono</family></prefer></alias>
  <!-- Fixed rasterisation: grey antialiasing, no hinting, so output does not depend on host settings. -->
  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
  </match>
  <!-- Antialiasing is cairo's default (grey, as the renderer sets it), left unassigned: cairo
       1.16 draws a colour font's glyphs blank when the pattern names antialias. Colour emoji
       are bitmaps (CBDT), the one kind of embedded bitmap drawn. -->
  <match target="font">
    <test name="color"><bool>false</bool></test>
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
  </match>
  <match target="font">
    <test name="color"><bool>true</bool></test>
    <edit name="embeddedbitmap" mode="assign"><bool>true</bool></edit>
  </match>
  <!-- Emoji bitmaps are drawn at 109 px: scaled to the size asked for (fontconfig's
       10-scale-bitmap-fonts.conf, copied so the host's conf.d does not matter). -->
  <match target="font">
    <test name="outline"><bool>false</bool></test>
    <edit name="pixelsizefixupfactor" mode="assign">
      <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
    </edit>
  </match>
  <match target="font">
    <test name="outline"><bool>false</bool></test>
    <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
    <edit name="matrix" mode="assign">
      <times>
        <name>matrix</name>
        <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
      </times>
    </edit>
    <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
  </match>
</fontconfig>

"""#
}
