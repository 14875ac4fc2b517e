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
  <dir>/usr/share/fonts/truetype/droid</dir>
  <cachedir>/var/cache/fontconfig</cachedir>
  <!-- Only these files, whatever else the folders hold on a given host. -->
  <selectfont>
    <acceptfont>
      <glob>/usr/share/fonts/truetype/liberation2/Liberation*.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf</glob>
      <glob>/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf</glob>
      <glob>/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf</glob>
    </acceptfont>
    <rejectfont><glob>*</glob></rejectfont>
  </selectfont>
  <!-- A family we do not have falls back to sans-serif; missing glyphs come from DejaVu,
       then Droid Sans Fallback (Chinese, Japanese, Korean). -->
  <match target="pattern">
    <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>
    <edit name="family" mode="append_last"><string>sans-serif</string></edit>
  </match>
  <match target="pattern">
    <edit name="family" mode="append_last"><string>DejaVu Sans</string></edit>
    <edit name="family" mode="append_last"><string>Droid Sans Fallback</string></edit>
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
  <alias><family>sans-serif</family><prefer><family>Liberation Sans</family><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>Liberation Serif</family><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>Liberation Mono</family><family>DejaVu Sans Mono</family></prefer></alias>
  <!-- Fixed rasterisation: grey antialiasing, no hinting, so output does not depend on host settings. -->
  <match target="font">
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
  </match>
</fontconfig>

"""#
}
