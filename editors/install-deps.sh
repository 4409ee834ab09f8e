#!/usr/bin/env bash
# Installs what the editor tests (go test ./editors) drive: Debian's Neovim,
# Emacs + eglot, Vim + ALE and Chromium; code-server, playwright-core and
# vscode-languageserver-protocol from npm into a cache folder outside the
# repository (reused by later runs: nothing is downloaded when the lock file
# has not changed); and the VS Code extension's own dependencies.
#
#   editors/install-deps.sh            # CI runs this; so can you (as root)
#
# CALLCASCADE_EDITOR_CACHE sets the cache folder (default
# ~/.cache/callcascade-editors); the tests read the same variable.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${CALLCASCADE_EDITOR_CACHE:-$HOME/.cache/callcascade-editors}"
mkdir -p "$cache"

# Debian packages: the editors, Chromium, and code-server's native build deps.
apt_packages=(neovim emacs-nox elpa-eglot vim vim-ale chromium ripgrep git
  build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "editors: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Newer Neovims than Debian 12's 0.7.2, for TestNeovim: Debian 13's (0.10)
# and Debian testing's (0.12 when written), with the libraries they need
# down to their own glibc, unpacked into $cache/nvim-debian/SUITE (nothing
# is installed system-wide; a wrapper runs nvim through the unpacked
# glibc's loader). Reused while there; a suite that moved on is fetched
# again only when its folder is removed.
install_debian_nvim() {
  local suite="$1" dir="$cache/nvim-debian/$1"
  [ -x "$dir/nvim" ] && "$dir/nvim" --version >/dev/null 2>&1 && return 0
  echo "editors: Neovim from Debian $suite into $dir"
  local apt="$cache/nvim-debian/apt"
  mkdir -p "$apt/cache/$suite/archives/partial"
  echo "deb http://deb.debian.org/debian $suite main" > "$apt/$suite.list"
  local opts=(-o Dir::Etc::sourcelist="$apt/$suite.list" -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$apt/lists/$suite"
    -o Dir::Cache="$apt/cache/$suite" -o APT::Get::List-Cleanup=0 -o Debug::NoLocking=1)
  mkdir -p "$apt/lists/$suite/partial"
  apt-get "${opts[@]}" update -qq
  local pkgs
  pkgs=$(apt-cache "${opts[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
    --no-replaces --no-enhances neovim | grep -v '^ ' | grep -v '^<' | sort -u)
  rm -rf "$dir" && mkdir -p "$dir/debs"
  (cd "$dir/debs" && apt-get "${opts[@]}" download $pkgs 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
  rm -rf "$dir/debs"
  cat > "$dir/nvim" <<'WRAPPER'
#!/bin/sh
# Runs the unpacked Neovim with its own glibc; VIMRUNTIME because nvim would
# look for its runtime beside the loader.
d=$(dirname "$(readlink -f "$0")")/root
L=$d/usr/lib/x86_64-linux-gnu
VIMRUNTIME=$d/usr/share/nvim/runtime exec "$L/ld-linux-x86-64.so.2" --library-path "$L" "$d/usr/bin/nvim" "$@"
WRAPPER
  chmod +x "$dir/nvim"
  "$dir/nvim" --version | head -1
}
for suite in trixie forky; do
  install_debian_nvim "$suite"
done

# node-gyp builds code-server's native modules against the local Node
# headers; it would download them otherwise.
if [ -d /usr/include/node ]; then
  export npm_config_nodedir=/usr
fi
export npm_config_cache="$cache/npm-cache" npm_config_update_notifier=false \
  npm_config_fund=false npm_config_audit=false
# The registry is sometimes slow to answer from CI machines (EIDLETIMEOUT):
# retry fetches patiently, and a whole install once more, before failing.
export npm_config_fetch_retries=5 npm_config_fetch_retry_mintimeout=10000 \
  npm_config_fetch_retry_maxtimeout=120000 npm_config_fetch_timeout=600000
npm_ci() { npm ci "$@" || { echo "editors: npm ci failed; retrying once" >&2; sleep 5; npm ci "$@"; }; }

# npm packages for the tests, pinned by editors/test-deps/package-lock.json.
node_dir="$cache/node"
if ! cmp -s "$here/test-deps/package-lock.json" "$node_dir/package-lock.json" ||
   [ ! -d "$node_dir/node_modules/code-server/lib/vscode/node_modules" ]; then
  echo "editors: npm ci code-server, playwright-core, vscode-languageserver-protocol into $node_dir"
  # code-server's bundled ripgrep would download a binary: seed its cache
  # with Debian's rg.
  rg_cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$rg_cache"
  tar czf "$rg_cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C /usr/bin rg
  rm -rf "$node_dir"
  mkdir -p "$node_dir"
  cp "$here/test-deps/package.json" "$here/test-deps/package-lock.json" "$node_dir/"
  # code-server's postinstall runs npm install for VS Code's own modules,
  # and node-pty's runs `npx node-gyp` (yes: no prompt without a terminal).
  (cd "$node_dir" && npm_config_unsafe_perm=true npm_config_yes=true npm_ci --no-audit --no-fund --loglevel=error)
  test -d "$node_dir/node_modules/code-server/lib/vscode/node_modules" ||
    { echo "editors: code-server's postinstall did not install VS Code's modules" >&2; exit 1; }
fi

# The extension's dependencies (vscode-languageclient, and vsce to package it).
(cd "$here/vscode" && npm_ci --no-audit --no-fund --loglevel=error)

# go test hides a passing test's output, so CI's log names here what the
# editor tests drive (each test also says so under -v and when it fails).
npm_version() { node -p "require('$node_dir/node_modules/$1/package.json').version"; }
echo "editors: the tests drive $(nvim --version | head -1) and $(for n in "$cache"/nvim-debian/{trixie,forky}/nvim; do "$n" --version | head -1; done | paste -sd/ -) (Debian 13/testing); $(emacs --version | head -1) with eglot $(dpkg-query -W -f='${Version}' elpa-eglot);" \
  "$(vim --version | head -1) with ALE $(dpkg-query -W -f='${Version}' vim-ale);" \
  "code-server $("$node_dir/node_modules/.bin/code-server" --version | head -1) in $(chromium --version 2>/dev/null) through playwright-core $(npm_version playwright-core);" \
  "node $(node --version) with vscode-languageserver-protocol $(npm_version vscode-languageserver-protocol)"
