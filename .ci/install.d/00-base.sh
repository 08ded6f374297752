# The tools every test needs: tmux (the differential oracle), git, setsid, script, python3, stty.
missing=()
for tool in tmux git setsid script python3 stty; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  pkgs=()
  for tool in "${missing[@]}"; do
    case "$tool" in
      setsid) pkgs+=(util-linux) ;;
      script) pkgs+=(bsdutils) ;;
      stty) pkgs+=(coreutils) ;;
      *) pkgs+=("$tool") ;;
    esac
  done
  apt_install "${pkgs[@]}"
fi
