#!/usr/bin/env bash
# A copy of the workspace tool ../shared/tools/n8n-scan, kept in the repository so that CI where the
# project is hosted and .github/workflows/publish.yml run the same scan before publishing
# (scripts/test.sh runs the workspace copy when it is beside the checkout; test/unit/release.test.ts
# checks that both pin the same scanner).
# n8n-scan: runs the lint half of n8n's official community-package scanner
# (@n8n/scan-community-package, the gate for verified community nodes) on a local
# checkout, without publishing: once on the sources (package.json, nodes/, credentials/)
# and once on the tarball that `npm pack` would publish (compiled .js + package.json).
#
#   ../shared/tools/n8n-scan [PROJECT_DIR]     (build first: the tarball leg reads dist/)
#
# Exit 0 when both legs have no errors, as the scanner decides; with N8N_SCAN_WARNINGS_FAIL=1
# a warning fails too. The scanner ignores eslint-disable comments, and so does this.
# Provenance and the download from npm, the scanner's other checks, need a publish
# and are not run here.
set -euo pipefail
project=$(cd "${1:-.}" && pwd)
version=0.32.0
cache=${N8N_SCAN_CACHE:-$HOME/.cache/n8n-scan-$version}
scanner=$cache/package/scanner/scanner.mjs

if [[ ! -f $scanner || ! -d $cache/package/node_modules/eslint ]]; then
	echo "n8n-scan: installing @n8n/scan-community-package@$version into $cache" >&2
	rm -rf "$cache" && mkdir -p "$cache"
	(
		cd "$cache"
		npm pack --silent "@n8n/scan-community-package@$version" >/dev/null
		tar xzf "n8n-scan-community-package-$version.tgz"
		cd package
		# its preinstall insists on pnpm, and its typescript 7 pin has no compiler API for its own
		# TypeScript parser: the parser gets the typescript 5 that its peer range asks for, and the
		# community-nodes plugin gets its peer n8n-workflow
		node -e 'const f="package.json",p=require("./"+f);p.dependencies.typescript="5.9.3";p.dependencies["n8n-workflow"]="2.41.0";p.dependencies.zod="3.25.76";require("fs").writeFileSync(f,JSON.stringify(p,null,2))'
		npm install --omit=dev --legacy-peer-deps --ignore-scripts --no-audit --no-fund --silent
	) >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$project" && npm pack --silent --ignore-scripts --pack-destination "$work" >/dev/null)
mkdir -p "$work/pkg"
tar xzf "$work"/*.tgz -C "$work/pkg" --strip-components=1

SCANNER=$scanner SOURCE=$project TARBALL=$work/pkg node --input-type=module -e '
// The same ESLint run as analyzePackage in the scanner, which reports warnings only beside errors:
// here both are counted, and warnings are printed too.
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(process.env.SCANNER);
const { createRequire } = await import("node:module");
const require = createRequire(process.env.SCANNER);
const { ESLint } = require("eslint");
const glob = require("fast-glob");
const legs = [
	["sources", process.env.SOURCE, SOURCE_FILE_PATTERNS],
	["tarball", process.env.TARBALL, ["**/*.js", "package.json"]],
];
let failed = 0;
for (const [name, dir, patterns] of legs) {
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await buildScanConfig() });
	const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ["node_modules/**", "**/package-lock.json"] });
	const results = files.length ? await eslint.lintFiles(files) : [];
	const errors = results.reduce((n, r) => n + r.errorCount, 0);
	const warnings = results.reduce((n, r) => n + r.warningCount, 0);
	console.log(`${name}: ${files.length} files, ${errors} errors, ${warnings} warnings`);
	if (errors + warnings) console.log(await (await eslint.loadFormatter("stylish")).format(results));
	if (errors || (warnings && process.env.N8N_SCAN_WARNINGS_FAIL)) failed++;
}
console.log(`${legs.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
'
