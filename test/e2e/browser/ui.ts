/**
 * What a person does in n8n 2.40.7's editor, for test/e2e/browser.test.ts: find things by their
 * data-test-id, wait for what the editor fills in a moment later, add a node from the nodes panel,
 * choose an option in a select, paste into a code editor, switch a field to an expression, set Poll
 * Times. Each takes the page (playwright-core) and works as a click or a keystroke would.
 *
 * Verified against the running editor (n8n 2.40.7, Chromium 150), 2026-11:
 *
 * - A node's output on the canvas has a "+" (canvas-handle-plus, inside the canvas-node) while
 *   nothing is connected to it: it opens the nodes panel, and the node chosen is connected there.
 *   On an empty canvas, "Add first step" (canvas-add-button) opens the panel on its triggers.
 * - Element Plus selects open a list of `.el-select-dropdown__item`; an option with a description
 *   (Edit Fields' Mode: "JSON" / "Customize item output with JSON") holds both texts, so the option
 *   is found by the element whose whole text is its name.
 * - Code and expression fields are CodeMirror editors (`.cm-content`, contenteditable). Typed key
 *   by key, CodeMirror closes brackets and braces itself ("{{" becomes "{{ | }}"), so what is
 *   typed is not what is stored; pasting inserts the text as it is, as a person pasting a prepared
 *   text would: `keyboard.insertText` after selecting everything.
 * - A fixed-value field becomes an expression with its "Expression" toggle (radio-button-expression),
 *   shown on hover; the tip under a focused field covers it, so the field is left first.
 */
import type { Locator, Page } from 'playwright-core';

/** Debian's Chromium: what scripts/chromium.sh installs. */
export const CHROMIUM = '/usr/bin/chromium';
/** Flags that work headless as root on these machines (see the notes on real n8n here). */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Generous: a loaded 2-core machine runs n8n, its task runner, Chromium and jest at once. */
export const UI_TIMEOUT = 60_000;

export const byTestId = (id: string) => `[data-test-id="${id}"]`;

/**
 * The visible texts of `locator` once it holds `count` items (sorted unless `sorted` is false); the
 * last texts seen on timeout.
 */
export async function waitForTexts(locator: Locator, count: number, sorted = true): Promise<string[]> {
	let texts: string[] = [];
	const deadline = Date.now() + UI_TIMEOUT;
	for (;;) {
		texts = (await locator.allInnerTexts()).map((t) => t.trim());
		if (sorted) texts.sort();
		if (texts.length === count || Date.now() > deadline) return texts;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * An input's value once `accept` takes it (default: not empty); the last value seen on timeout. For
 * fields the editor fills in a moment later (a node's credential shows its id until the credentials
 * are loaded, then its name).
 */
export async function waitForValue(input: Locator, accept: (value: string) => boolean = Boolean): Promise<string> {
	const deadline = Date.now() + UI_TIMEOUT;
	for (;;) {
		const value = await input.inputValue();
		if (accept(value) || Date.now() > deadline) return value;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** A canvas node by its name. */
export const canvasNode = (page: Page, name: string) => page.locator(`${byTestId('canvas-node')}[data-node-name="${name}"]`);

/**
 * Adds a node from the nodes panel: opened from the "+" on the output of the canvas node `after`
 * (connecting the new node to it), or from "Add first step" on an empty canvas; `search` typed
 * into its search bar; the entry named `item` chosen, then, for a node with actions or triggers,
 * the one named `action`. Resolves to the node view n8n opens for the new node (`opens`, the
 * default; a Manual Trigger goes straight onto the canvas, opening none).
 */
export async function addNodeFromPanel(
	page: Page,
	o: { after?: string; search: string; item: string; action?: string; opens?: boolean },
): Promise<Locator> {
	if (o.after) await canvasNode(page, o.after).locator(byTestId('canvas-handle-plus')).click();
	else await page.locator(byTestId('canvas-add-button')).click();
	const creator = page.locator(byTestId('node-creator'));
	await creator.locator(byTestId('node-creator-search-bar')).fill(o.search);
	const names = creator.locator(byTestId('node-creator-item-name'));
	await names.filter({ hasText: exactly(o.item) }).click();
	if (o.action) await names.filter({ hasText: exactly(o.action) }).click();
	// The panel closes as the node is added; n8n then opens the node view of most nodes.
	await creator.waitFor({ state: 'hidden' });
	const ndv = page.locator(byTestId('ndv'));
	if (o.opens !== false) await ndv.waitFor();
	return ndv;
}

/** Opens the select `select` (a click on it) and chooses the option whose name is `option`. */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
	await select.click();
	await page
		.locator('.el-select-dropdown__item:visible')
		.filter({ has: page.getByText(option, { exact: true }) })
		.click();
}

/** Selects everything in the CodeMirror editor inside `field` and pastes `text` in its place. */
export async function pasteIntoEditor(page: Page, field: Locator, text: string): Promise<void> {
	const editor = field.locator('.cm-content');
	await editor.click();
	await page.keyboard.press('Control+a');
	await page.keyboard.insertText(text);
}

/**
 * Switches the fixed-value field `field` (its container with the Fixed / Expression toggle) to an
 * expression and pastes `expression` into it. `away` is something to click first to leave a focused
 * field (its tip covers the toggle).
 */
export async function setExpression(page: Page, field: Locator, expression: string, away: Locator): Promise<void> {
	await away.click();
	await field.hover();
	await field.locator(byTestId('radio-button-expression')).click();
	await pasteIntoEditor(page, field, expression);
	// Leave the field, as a person does.
	await away.click();
}

/**
 * The parameters of each node as the open editor holds them (n8n 2.40.7: the Pinia store whose id
 * starts "workflowDocuments/", its allNodes). An expression pasted into a field reaches them only
 * after the expression editor's debounce: a node view closed before that keeps only "=" (seen on a
 * quiet machine, 2026-11-27), so a test waits for the value here before closing the node view.
 */
export async function editorNodeParameters(page: Page): Promise<Record<string, Record<string, unknown>>> {
	return await page.evaluate(() => {
		// Runs in the page (this file is compiled without the DOM's types).
		type Store = { allNodes?: Array<{ name: string; parameters: unknown }> };
		type Pinia = { _s: Map<string, Store> };
		type Mounted = { __vue_app__?: { config: { globalProperties: { $pinia?: Pinia } } } };
		const { document } = globalThis as unknown as { document: { querySelector(selector: string): Mounted | null } };
		const pinia = document.querySelector('#app')?.__vue_app__?.config.globalProperties.$pinia;
		const key = pinia ? [...pinia._s.keys()].find((k) => k.startsWith('workflowDocuments/') && !k.startsWith('workflowDocuments/@')) : undefined;
		const nodes = key ? pinia!._s.get(key)?.allNodes ?? [] : [];
		return JSON.parse(JSON.stringify(Object.fromEntries(nodes.map((n) => [n.name, n.parameters])))) as Record<string, Record<string, unknown>>;
	});
}

/**
 * A polling trigger's Poll Times, set in its form: the first poll time's Mode to Custom, then Add
 * Poll Time for each further one, each a Cron Expression typed key by key.
 */
export async function setPollTimes(page: Page, ndv: Locator, crons: string[]): Promise<void> {
	const pollTimes = ndv.locator(byTestId('fixed-collection-pollTimes'));
	for (const [i, cron] of crons.entries()) {
		if (i > 0) await pollTimes.locator(byTestId('fixed-collection-add')).click();
		await chooseOption(page, pollTimes.locator(byTestId('parameter-input-mode')).nth(i), 'Custom');
		const input = pollTimes.locator(`${byTestId('parameter-input-cronExpression')} input`).nth(i);
		await input.click();
		await page.keyboard.press('Control+a');
		await page.keyboard.type(cron);
		await page.keyboard.press('Tab');
	}
}

/** A collection's "Add ..." list (found by its placeholder, e.g. "Add Option") › the option `option`. */
export async function addCollectionOption(page: Page, ndv: Locator, placeholder: string, option: string): Promise<void> {
	await ndv.locator(byTestId('collection-parameter-add')).filter({ has: page.locator(`input[placeholder="${placeholder}"]`) }).click();
	await page.locator(`${byTestId('collection-parameter-option')}:visible`, { hasText: exactly(option) }).click();
}

/** A regular expression matching `text` as a whole. */
export function exactly(text: string): RegExp {
	return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
