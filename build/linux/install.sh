#!/bin/sh
# Put Harmonies in this user's menu, or take it out again with --uninstall. No root needed.
#
#   ./install.sh               install (or upgrade) from the folder this script is in
#   ./install.sh --uninstall   remove what install put there; saves and finished games stay
#
# What install writes (XDG_DATA_HOME, when set, takes the place of ~/.local/share):
#   ~/.local/lib/harmonies/                              the app folder (a copy of Harmonies/ here)
#   ~/.local/bin/harmonies                               a link to the app, for the terminal
#   ~/.local/share/applications/harmonies.desktop        the menu entry
#   ~/.local/share/icons/hicolor/256x256/apps/harmonies.png  its icon
# The game's own files (~/.local/share/Harmonies, ~/.config/Harmonies) are never touched.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
lib=$HOME/.local/lib/harmonies
bin=$HOME/.local/bin
link=$bin/harmonies
apps=$data/applications
entry=$apps/harmonies.desktop
icons=$data/icons/hicolor/256x256/apps
icon=$icons/harmonies.png
# A file in the app folder saying install made it: uninstall (and an upgrade) removes only a folder
# that holds it, never one of the user's own that happens to have the same name.
mark=.installed-by-harmonies

say() { printf 'harmonies: %s\n' "$*"; }
fail() { printf 'harmonies: %s\n' "$*" >&2; exit 1; }

# The menus and the icon themes read these caches when they exist; without one they read the
# folders directly. So a cache already there is brought up to date, none is made, and a tool that is
# missing or fails changes nothing.
refresh() {
    if [ -f "$apps/mimeinfo.cache" ] && command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$apps" >/dev/null 2>&1 || true
    fi
    if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

# The link is ours when it points into the app folder; anything else there is the user's.
link_is_ours() {
    [ -L "$link" ] && case "$(readlink "$link")" in "$lib"/*) true ;; *) false ;; esac
}

uninstall() {
    removed=0
    if [ -e "$lib" ] || [ -L "$lib" ]; then
        [ -f "$lib/$mark" ] || fail "$lib was not made by this script; remove it yourself if you wish"
        rm -rf "$lib"
        removed=1
    fi
    if link_is_ours; then rm -f "$link"; removed=1; fi
    if [ -f "$entry" ]; then rm -f "$entry"; removed=1; fi
    if [ -f "$icon" ]; then rm -f "$icon"; removed=1; fi
    refresh
    if [ "$removed" = 1 ]; then
        say "removed from the menu and from $lib"
    else
        say "not installed: nothing to remove"
    fi
    say "saves and finished games are kept (in ${XDG_DATA_HOME:-~/.local/share}/Harmonies)"
}

install() {
    [ -x "$here/Harmonies/harmonies" ] || fail "no Harmonies/harmonies next to this script ($here)"
    [ -f "$here/harmonies.desktop" ] || fail "no harmonies.desktop next to this script ($here)"
    # The menu entry names the app by its full path, in double quotes (a space is fine); these
    # characters would need the desktop format's escapes (or sed's, below), so such a home folder
    # is refused.
    case "$lib" in
        *[\"\`\$\\%\&\|]*) fail "the path $lib holds a character a menu entry cannot name (\" \` \$ \\ % & |)" ;;
    esac
    if [ -e "$lib" ] && [ ! -f "$lib/$mark" ]; then
        fail "$lib exists and was not made by this script; move it away first"
    fi
    if [ -e "$link" ] || [ -L "$link" ]; then
        link_is_ours || fail "$link exists and is not this script's link; move it away first"
    fi
    mkdir -p "$(dirname "$lib")" "$bin" "$apps" "$icons"
    # The new copy is made beside the old one and swapped in, so a failed copy leaves the old app.
    rm -rf "$lib.new"
    cp -R "$here/Harmonies" "$lib.new"
    : >"$lib.new/$mark"
    rm -rf "$lib"
    mv "$lib.new" "$lib"
    ln -sfn "$lib/harmonies" "$link"
    if [ -f "$here/harmonies.png" ]; then
        cp "$here/harmonies.png" "$icon"
    fi
    # The menu does not read the user's PATH: its entry names the app by its full path.
    sed -e "s|^Exec=.*|Exec=\"$lib/harmonies\"|" -e "s|^TryExec=.*|TryExec=$lib/harmonies|" \
        "$here/harmonies.desktop" >"$entry.new"
    chmod 644 "$entry.new"
    mv "$entry.new" "$entry"
    refresh
    say "installed in $lib; Harmonies is in the menu (Games)"
    case ":${PATH:-}:" in
        *":$bin:"*) say "from a terminal: harmonies" ;;
        *) say "from a terminal: $link ($bin is not on your PATH)" ;;
    esac
}

case "${1:-}" in
    "") install ;;
    --uninstall) uninstall ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) fail "unknown option $1 (use --uninstall, or nothing to install)" ;;
esac
