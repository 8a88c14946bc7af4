#!/usr/bin/env bash
# The README's first command path on the package users install, not on the checkout (issue 29):
# packs the project (`npm pack`, which builds dist/ through `prepack`), checks the tarball holds
# what runs and no test code, installs it globally into a clean prefix folder (no root needed),
# then, in a clean folder holding only the packaged examples, runs
# `cloudctl apply examples/quickstart.yaml --auto-approve` on the embedded simulator and checks
# that `cloudctl plan` says "No changes.". Prints the tarball's file count and sizes.
# Exit status 0 when all of it holds, 1 at the first step that fails. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/cloudctl-package-XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "check-package: $*" >&2
  exit 1
}

npm pack --pack-destination "$work" --silent >/dev/null
tarball="$(ls "$work"/cloudctl-*.tgz)"
listing="$work/listing.txt"
tar -tzf "$tarball" | sort >"$listing"
unpacked="$(tar -xzOf "$tarball" | wc -c)"
echo "check-package: $(basename "$tarball"): $(wc -l <"$listing") files, $(wc -c <"$tarball") bytes packed, $unpacked unpacked"

for needed in package/man/cloudctl.1 package/package.json package/README.md package/LICENSE package/dist/cli/main.js package/dist/cli/program.js \
  package/dist/index.js package/dist/types/index.d.ts package/schemas/manifest.schema.json package/examples/quickstart.yaml; do
  grep -qx "$needed" "$listing" || fail "the package lacks $needed"
done
# examples/tests/*.test.yaml are examples of `cloudctl test` files for users, not the project's tests.
if grep -E '^package/(src|test|bench|scripts|\.ci)/|\.map$' "$listing" || grep -v '^package/examples/' "$listing" | grep -E '\.test\.'; then
  fail "the package holds test code, sources or source maps (above)"
fi

prefix="$work/prefix"
npm install --global --prefix "$prefix" --no-audit --no-fund --prefer-offline "$tarball" >/dev/null 2>"$work/install.txt" || {
  cat "$work/install.txt" >&2
  fail "npm install -g of the tarball failed"
}
# No warning of the package's own (npm 11 names any install-time script, `prepare` included: scripts/package-manifest.ts).
if grep -i 'cloudctl' "$work/install.txt"; then fail "npm install -g warned about the package (above)"; fi
cloudctl="$prefix/bin/cloudctl"
[ -x "$cloudctl" ] || fail "npm install -g did not install the cloudctl command in $prefix/bin"
# `man cloudctl` after a global install: npm links package.json's `man` into PREFIX/share/man.
[ -s "$prefix/share/man/man1/cloudctl.1" ] || fail "npm install -g did not install the man page in $prefix/share/man/man1"
MANPATH="$prefix/share/man" man -w cloudctl >/dev/null 2>&1 || ! command -v man >/dev/null || fail "man cloudctl does not find the page"

project="$work/project"
mkdir -p "$project"
cp -R "$prefix/lib/node_modules/cloudctl/examples" "$project/examples"
cd "$project"
# As a newcomer runs it: no base URL, no token, no workspace settings, so the embedded simulator serves the cloud.
clean_env=(env -u CLOUDCTL_BASE_URL -u CLOUDCTL_API_KEY -u CLOUDCTL_WORKSPACE -u CLOUDCTL_BACKEND -u CLOUDCTL_STATE_PASSPHRASE)
"${clean_env[@]}" "$cloudctl" --version
"${clean_env[@]}" "$cloudctl" apply examples/quickstart.yaml --auto-approve >"$work/apply.txt" 2>&1 || {
  cat "$work/apply.txt" >&2
  fail "cloudctl apply examples/quickstart.yaml --auto-approve failed"
}
grep -q 'Apply complete! Resources: 2 added' "$work/apply.txt" || {
  cat "$work/apply.txt" >&2
  fail "the apply did not add the quickstart's 2 resources"
}
"${clean_env[@]}" "$cloudctl" plan examples/quickstart.yaml --detailed-exitcode >"$work/plan.txt" 2>&1 || {
  cat "$work/plan.txt" >&2
  fail "cloudctl plan after the apply did not exit 0"
}
grep -q 'No changes\.' "$work/plan.txt" || {
  cat "$work/plan.txt" >&2
  fail "cloudctl plan after the apply did not say \"No changes.\""
}
echo "check-package: installed from the tarball, applied examples/quickstart.yaml, then plan: No changes."
