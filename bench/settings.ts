/**
 * The bench's settings, read once from the command line (--quick, --readme, --name=value) and the
 * BENCH_* environment variables (run.ts's top comment lists them), the page and batch sizes the
 * nodes use, and the small helpers every part of the bench shares: the timestamped log on stderr
 * (timed from when the bench started), sleep and bytes-to-MB.
 */
const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
	const prefix = `--${name}=`;
	return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
};
const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const setting = (env: string, flag: string, full: string, small: string) => arg(flag) ?? process.env[env] ?? (quick ? small : full);
const numbers = (text: string) => text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

export const CONFIG = {
	quick,
	listN: numbers(setting('BENCH_N', 'n', '1000,10000,50000', '1000,5000')),
	latencyMs: Number(setting('BENCH_LATENCY_MS', 'latency-ms', '20', '20')),
	createN: Number(setting('BENCH_CREATE_N', 'create-n', '1000', '200')),
	burst: Number(setting('BENCH_BURST', 'burst', '10000', '1000')),
	rate: Number(setting('BENCH_RATE', 'rate', '10', '10')),
	rateN: Number(setting('BENCH_RATE_N', 'rate-n', '1000', '100')),
	/** Scenario 2's variants to run, by tag (many, mapped, each, http, expert, expert-package); all when not set. */
	createVariants: (arg('create-variants') ?? process.env.BENCH_CREATE_VARIANTS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
	/** Measured runs of each variant of scenario 2 (Create); the row shows the one with the median time. */
	repeat: Number(setting('BENCH_REPEAT', 'repeat', '1', '1')),
	scenarios: setting('BENCH_SCENARIOS', 'scenarios', 'list,create,upsert,ratelimit,trigger', 'list,create,upsert,ratelimit,trigger').split(','),
	readme: argv.includes('--readme') || process.env.BENCH_README === '1',
	/** n8n's expression engine (N8N_EXPRESSION_ENGINE): n8n 2.x's default 'vm', or 'legacy'. */
	expressionEngine: setting('BENCH_EXPRESSION_ENGINE', 'expression-engine', 'vm', 'vm'),
};

/** Records per page the nodes ask for, the API's default page, and the batch size. */
export const PAGE = 200;
export const DEFAULT_PAGE = 50;
export const BATCH = 100;

export const t0 = Date.now();
export const log = (msg: string) => process.stderr.write(`[bench +${((Date.now() - t0) / 1000).toFixed(0)}s] ${msg}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const MB = (bytes: number) => bytes / 1024 / 1024;
