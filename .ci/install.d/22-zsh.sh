# zsh, for the shell-integration tests of pane.run (OSC 133 marks in zsh panes).
if ! command -v zsh >/dev/null 2>&1; then
  apt_install zsh=5.9-4+b15
fi
