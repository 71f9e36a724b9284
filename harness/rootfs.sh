#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# rootfs.sh ARCH - the guest's root file system for a foreign ARCH (arm64,
# i386), in $BUILD/rootfs/ARCH, shared with the guest over 9p in place of
# the host's / (which only an x86-64 guest can run).
#
# Built from Debian bookworm's packages for ARCH without running any of
# them on the host: apt, with a private state directory and
# APT::Architecture=ARCH, resolves the dependency closure of the packages
# below and downloads it; each .deb is unpacked with `dpkg-deb
# --fsys-tarfile | tar -x` into a merged-/usr tree. No maintainer script
# runs, so what they would do that the guest needs is done here: /bin/sh,
# the `update-alternatives --install` links with literal paths (awk,
# which, ...), /etc/passwd and /etc/group, and a busybox link for every
# busybox applet that no package provides. The result is cached: it is
# rebuilt only when the package list or this script changes, and the
# downloaded .debs are kept in $BUILD/rootfs/ARCH.apt for the next build.
# Prints the size and the time it took.
. "$(dirname "$0")/common.sh"

arch=$1
case $arch in
arm64 | i386) ;;
*) kp_die "rootfs.sh: no foreign root file system for ARCH=$arch" ;;
esac

# What the guest scripts run (harness/guest-init, guest-run.sh, the
# kselftests and ftracetest): bash, the usual Debian tools, kmod, busybox;
# and, best effort, the real clients bpftrace, perf and trace-cmd.
KP_ROOTFS_PACKAGES="base-files base-passwd bash dash coreutils debianutils
diffutils findutils grep gzip sed mawk tar util-linux mount procps psmisc kmod
hostname libc-bin ncurses-bin busybox-static"
KP_ROOTFS_CLIENTS="bpftrace linux-perf trace-cmd"

root=$KP_BUILD/rootfs/$arch
apt=$KP_BUILD/rootfs/$arch.apt
stamp="$arch $KP_ROOTFS_PACKAGES $KP_ROOTFS_CLIENTS $(md5sum <"$0")"
stamp=$(printf '%s' "$stamp" | md5sum | cut -d' ' -f1)
if [ -f "$root/.kp-rootfs" ] && [ "$(cat "$root/.kp-rootfs")" = "$stamp" ]; then
	exit 0
fi

t0=$(date +%s)
kp_log "rootfs $arch: building $root from Debian bookworm's $arch packages (once)"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" \
	"$apt/etc/sources.list.d" "$apt/etc/preferences.d"
touch "$apt/status"
# The host's Debian sources (the registry we have), limited to ARCH.
sources=$apt/etc/sources.list.d/debian.sources
: >"$sources"
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	awk -v arch="$arch" '
		BEGIN { RS = ""; ORS = "\n\n" }
		/debian-archive-keyring/ && /(^|\n)Types:[^\n]*deb/ {
			gsub(/\n#[^\n]*/, ""); print $0 "\nArchitectures: " arch
		}' "$f" >>"$sources"
done
# or, on a system with the one-line format, its plain "deb URI SUITE ..." lines
rm -f "$apt/etc/sources.list.d/debian.list"
if [ ! -s "$sources" ]; then
	rm -f "$sources"
	sources=$apt/etc/sources.list.d/debian.list
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		sed -n "s/^deb \(http[^ ]*\) /deb [arch=$arch] \1 /p" >"$sources" || true
fi
[ -s "$sources" ] || kp_die "rootfs $arch: no Debian source in /etc/apt/sources.list*"
aptopts=(-q -o APT::Architecture="$arch" -o APT::Architectures::="$arch"
	-o Dir::State="$apt" -o Dir::State::Lists="$apt/lists"
	-o Dir::State::status="$apt/status" -o Dir::Cache="$apt/cache"
	-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/etc/sources.list.d"
	-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$apt/etc/preferences.d"
	-o Debug::NoLocking=1 -o APT::Install-Recommends=false)

# An index that the registry serves broken (it happens: "File has
# unexpected size", a mirror in sync) is left out with a note, as apt
# itself does; only the main suite's is indispensable.
update()
{
	apt-get "${aptopts[@]}" update && return 0
	ls "$apt/lists/"*_dists_bookworm_main_binary-"${arch}"_Packages* >/dev/null 2>&1
}
step="rootfs $arch: apt-get update ($arch package lists)"
kp_step "$step" update
uplog=$KP_BUILD/logs/$(printf '%s' "$step" | tr -c 'A-Za-z0-9._-' '_').log
{ grep -E '^E: Failed to fetch' "$uplog" || true; } | sed 's/^E: /note: left out: /' |
	while read -r l; do
		kp_log "rootfs $arch: $l"
	done

# The real clients are best effort: without them the guest still runs the
# other tests (theirs then fail or skip).
want=$KP_ROOTFS_PACKAGES
for c in $KP_ROOTFS_CLIENTS; do
	# shellcheck disable=SC2086
	if apt-get "${aptopts[@]}" install -s -y $want "$c" >/dev/null 2>&1; then
		want="$want $c"
	else
		kp_log "rootfs $arch: $c cannot be installed for $arch, left out"
	fi
done
# shellcheck disable=SC2086
pkgs=$(apt-get "${aptopts[@]}" install -s -y $want | sed -n 's/^Inst \([^ ]*\) .*/\1/p' | sort -u)
n=$(wc -w <<<"$pkgs")
kp_log "rootfs $arch: $n packages in the closure of: ${want//$'\n'/ }"
# shellcheck disable=SC2086
kp_step "rootfs $arch: download $n .debs (cached in ${apt#"$KP_TOP"/})" \
	apt-get "${aptopts[@]}" install --download-only -y $want

# unpack every package of the closure, merged /usr as Debian 12 has it
rm -rf "$root.tmp"
mkdir -p "$root.tmp/usr/bin" "$root.tmp/usr/sbin" "$root.tmp/usr/lib"
ln -s usr/bin "$root.tmp/bin"
ln -s usr/sbin "$root.tmp/sbin"
ln -s usr/lib "$root.tmp/lib"
ctrl=$apt/control
rm -rf "$ctrl"
mkdir -p "$ctrl"
i=0
shown=$(date +%s)
kp_log "rootfs $arch: unpack $n packages ..."
for p in $pkgs; do
	i=$((i + 1))
	# shellcheck disable=SC2012  # Debian file names are plain
	deb=$(ls "$apt/cache/archives/${p}_"*"_$arch.deb" \
		"$apt/cache/archives/${p}_"*_all.deb 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$deb" ] || kp_die "rootfs $arch: no .deb of $p in $apt/cache/archives"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -x --keep-directory-symlink -C "$root.tmp" ||
		kp_die "rootfs $arch: cannot unpack $deb"
	dpkg-deb --ctrl-tarfile "$deb" | tar -x -O ./postinst >"$ctrl/$p.postinst" 2>/dev/null || true
	if [ $(($(date +%s) - shown)) -ge 10 ] || [ $i -eq "$n" ]; then
		shown=$(date +%s)
		kp_log "rootfs $arch: unpacked $i of $n packages ($(du -sm "$root.tmp" | cut -f1) MB)"
	fi
done

# What the maintainer scripts would have done, as far as the guest needs it.
r=$root.tmp
# update-alternatives --install LINK NAME PATH PRIORITY, with literal paths
cat "$ctrl"/*.postinst | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
	grep -oE 'update-alternatives +--install +/[^ ]+ +[^ ]+ +/[^ ]+' |
	awk '{ print $3, $5 }' | while read -r link path; do
	[ -e "$r$path" ] || continue
	[ -e "$r$link" ] || [ -L "$r$link" ] || ln -s "$path" "$r$link"
done
[ -e "$r/usr/bin/sh" ] || ln -s dash "$r/usr/bin/sh"
mkdir -p "$r/etc"
for f in passwd group; do
	[ -f "$r/etc/$f" ] || cp "$r/usr/share/base-passwd/$f.master" "$r/etc/$f"
done
echo guest >"$r/etc/hostname"
mkdir -p "$r"/{proc,sys,dev,tmp,run,root,var/tmp,mnt}
chmod 1777 "$r/tmp" "$r/var/tmp"
# Every busybox applet that no package provides, as a link to busybox.
# The host's busybox-static is the same Debian version: it lists them.
[ -x "$r/usr/bin/busybox" ] || kp_die "rootfs $arch: no busybox in the root"
applets=0
while read -r a; do
	[ "$a" = busybox ] && continue
	case $a in
	*/*) continue ;;
	esac
	if [ ! -e "$r/usr/bin/$a" ] && [ ! -e "$r/usr/sbin/$a" ] && [ ! -L "$r/usr/bin/$a" ]; then
		ln -s busybox "$r/usr/bin/$a"
		applets=$((applets + 1))
	fi
done < <(/bin/busybox --list)

# Every shared library the programs need must be in the root (the loader
# looks in /usr/lib/TRIPLET without an ld.so.cache).
missing=$(find "$r/usr/bin" "$r/usr/sbin" -type f -perm -u+x \
	-exec sh -c 'for f; do readelf -d "$f" 2>/dev/null | sed -n "s/.*Shared library: \[\(.*\)\]/\1/p"; done' _ {} + |
	sort -u | while read -r lib; do
		[ -n "$(find "$r/usr/lib" -name "$lib" -print -quit)" ] || echo "$lib"
	done | tr '\n' ' ')
[ -z "$missing" ] || kp_log "rootfs $arch: note: shared libraries not in the root: $missing"

rm -rf "$root"
mv "$r" "$root"
echo "$want" >"$root/.kp-packages"
echo "$stamp" >"$root/.kp-rootfs"
kp_log "rootfs $arch: done in $(($(date +%s) - t0)) s: $n packages, $(du -sh "$root" | cut -f1), $applets busybox applets linked"
