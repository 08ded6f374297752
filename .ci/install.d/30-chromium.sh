# The web dashboard (issue 15): its browser tests drive Debian's headless chromium through Debian's
# chromedriver (Selenium is pointed at the binaries on PATH and downloads nothing); the build fetches
# xterm.js with npm (src/main/web/vendor.sh).
web_missing=()
command -v chromium >/dev/null 2>&1 || web_missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || web_missing+=(chromium-driver)
command -v npm >/dev/null 2>&1 || web_missing+=(npm)
if [ ${#web_missing[@]} -gt 0 ]; then
  apt_install "${web_missing[@]}"
fi
