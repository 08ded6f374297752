# promtool (Debian's prometheus package) for the metrics exposition check (issue 18): MetricsPromtoolTest
# runs `promtool check metrics` on a real scrape. The package's service is not started by CI.
if ! command -v promtool >/dev/null 2>&1; then
  apt_install prometheus=2.42.0+ds-5+deb12u1
fi
