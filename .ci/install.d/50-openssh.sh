# Remote-host tests (RemoteHostTest) run a real OpenSSH server on a loopback port: sshd, ssh, ssh-keygen.
if ! command -v sshd >/dev/null 2>&1 && [ ! -x /usr/sbin/sshd ]; then
  apt_install openssh-server openssh-client
fi
case ":$PATH:" in *:/usr/sbin:*) ;; *) export PATH="$PATH:/usr/sbin" ;; esac
