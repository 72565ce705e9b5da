/**
 * The example workflows the demo imports: what a rostering team would build first with these
 * nodes. Each is an n8n workflow (nodes and connections, as the editor saves them) with a sticky
 * note saying what it does, made for one credential and the sandbox's ids.
 *
 * Built-in nodes and the versions used were checked in n8n 2.40.7 (Set 3.4, Filter 2.2, Split Out
 * 1, Schedule Trigger 1.2, Data Table 1.1 with a table chosen by name, Sticky Note 1).
 *
 * Each node is written as n8n's editor saves it, so that opening an example and saving it changes
 * nothing (test/e2e/demo.test.ts checks every node against n8n's own rules): a parameter at its
 * default is left out (the actions' default operation, a trigger's default Events Created, Updated
 * and Removed, a Data Table condition's "equals"), a declarative node carries the `requestOptions`
 * n8n adds to it, and positions sit on the editor's grid.
 */
import { randomUUID } from 'crypto';

import { MAPPER as SHIFT_MAPPER } from '../nodes/RosteringShift/v2/mapper';
import { mappingFields } from '../nodes/shared/writes/mapper';

export interface DemoIds {
	credential: { id: string; name: string };
	/** A location and one of its active positions, for the shifts the batch creates. */
	locationId: string;
	positionId: string;
	/** The Monday of next week at that location (YYYY-MM-DD). */
	nextMonday: string;
	/**
	 * The n8n Crypto credential (its Hmac Secret) the open-shift example signs its accept links with
	 * (the demo makes one with a random secret; without, the example names LINK_SECRET and n8n asks for it).
	 */
	linkSecret?: { id: string; name: string };
	/** The triggers' Poll Times (default: every minute, as a user would set them; the demo test polls more often). */
	pollTimes?: Record<string, unknown>;
}

/** The Monday after `now` at the location (YYYY-MM-DD): the demo's `nextMonday`. */
export function nextMondayAt(timezone: string, now: Date): string {
	const local = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
	let day = new Date(now.getTime() + 86_400_000);
	while (new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(day) !== 'Mon') day = new Date(day.getTime() + 86_400_000);
	return local(day);
}

/** The Data Table the first workflow appends to; the demo creates it with these columns. */
export const SHIFT_CHANGES_TABLE = {
	name: 'Shift changes',
	columns: ['event', 'shift_id', 'start_time', 'end_time', 'employee', 'location', 'employee_id', 'status', 'changed_at'],
};

/** The Data Table the payroll export records each exported timesheet in (its id and the version exported). */
export const EXPORTED_TIMESHEETS_TABLE = {
	name: 'Exported timesheets',
	columns: ['timesheet_id', 'employee', 'start_time', 'end_time', 'paid_hours', 'updated_at', 'exported_at'],
};

/** The Data Table standing in for a calendar: one event per shift, by shift id. */
export const CALENDAR_TABLE = {
	name: 'Calendar (stand-in)',
	columns: ['shift_id', 'title', 'start', 'end', 'who', 'location'],
};

/** The Data Table the manager's alerts go to: one row per event told, by record and event. */
export const MANAGER_ALERTS_TABLE = {
	name: "Manager's alerts",
	columns: ['event', 'who', 'location', 'message', 'record_id', 'employee_id', 'told_at'],
};

/**
 * The Data Table standing in for Slack, SMS or email in the team's workflows (each person told their
 * week, leave checked against the roster, labour against sales): one row per message sent. `key`
 * says what the message told (the week's shifts; a change by shift, moment and person; the leave
 * request; the location and day; the week's summary), so that nothing is told twice.
 */
export const MESSAGES_TABLE = {
	name: 'Messages sent',
	columns: ['to', 'employee_id', 'kind', 'message', 'key', 'sent_at'],
};

/** The log of the shifts told as published, by shift and the moment it was published: the week's messages tell each once. */
export const SHIFTS_TOLD_TABLE = {
	name: 'Shifts told',
	columns: ['shift_id', 'published_at', 'employee_id', 'told_at'],
};

/** The Data Table standing in for the till's daily export: sales per location (by name) and day. */
export const TILL_SALES_TABLE = {
	name: 'Till sales (stand-in)',
	columns: ['date', 'location', 'sales'],
};

/** Every Data Table the examples use, which the demo creates. */
export const DEMO_TABLES = [SHIFT_CHANGES_TABLE, EXPORTED_TIMESHEETS_TABLE, CALENDAR_TABLE, MANAGER_ALERTS_TABLE, MESSAGES_TABLE, SHIFTS_TOLD_TABLE, TILL_SALES_TABLE];

interface Node {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	/** A Webhook node's own id, as the editor gives it (its production address is its path). */
	webhookId?: string;
}

export interface ExampleWorkflow {
	name: string;
	/** Whether the demo activates it (the trigger workflows). */
	active: boolean;
	/** The node to run when the demo's test runs it by hand. */
	runFrom?: string;
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;
	settings: Record<string, unknown>;
}

/**
 * A position on the editor's 16 px grid: n8n 2.40.7's editor moves a node onto it when the
 * workflow opens (seen: x 260 became 272), which a save then keeps as a change.
 */
function onGrid(at: number): number {
	return Math.ceil(at / 16) * 16;
}

/** Spacing of the steps, on the grid: columns left to right, branches below one another. */
const COLUMN = 256;
const ROW = 208;

function node(name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, ids?: DemoIds): Node {
	return {
		id: randomUUID(),
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...(ids ? { credentials: { rosteringOAuth2Api: ids.credential } } : {}),
	};
}

function note(content: string, width = 460, height = 220): Node {
	return { id: randomUUID(), name: 'Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [-48, -onGrid(60 + height)], parameters: { content, width, height } };
}

/** Nodes in a line, each feeding the next. */
function chain(name: string, active: boolean, steps: Node[], extra: Node[] = [], runFrom?: string): ExampleWorkflow {
	const connections: ExampleWorkflow['connections'] = {};
	steps.forEach((step, i) => {
		step.position = [i * COLUMN, 0];
		if (i > 0) connections[steps[i - 1].name] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
	});
	return { name, active, runFrom, nodes: [...extra, ...steps], connections, settings: { executionOrder: 'v1' } };
}

/**
 * Nodes joined as `edges` say ([from, to] or [from, to, output]: an IF's true branch is output 0,
 * its false branch 1; [from, to, output, input]: a Merge's second input is input 1), laid out left to right in the order given, branches below one another.
 */
function graph(name: string, active: boolean, steps: Node[], edges: Array<[string, string, number?, number?]>, extra: Node[] = [], runFrom?: string): ExampleWorkflow {
	const connections: ExampleWorkflow['connections'] = {};
	const column = new Map<string, number>([[steps[0].name, 0]]);
	const rows = new Map<number, number>();
	for (const [from, to, output = 0, input = 0] of edges) {
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= output) main.push([]);
		main[output].push({ node: to, type: 'main', index: input });
		if (!column.has(to)) column.set(to, (column.get(from) ?? 0) + 1);
	}
	for (const step of steps) {
		const x = column.get(step.name) ?? 0;
		const row = rows.get(x) ?? 0;
		rows.set(x, row + 1);
		step.position = [x * COLUMN, row * ROW];
	}
	return { name, active, runFrom, nodes: [...extra, ...steps], connections, settings: { executionOrder: 'v1' } };
}

/** A Data Table row operation on `table` (by name), matching `conditions` (column = expression). */
function tableRows(name: string, operation: string, table: { name: string }, conditions: Record<string, string>, more: Record<string, unknown> = {}): Node {
	return node(name, 'n8n-nodes-base.dataTable', 1.1, 0, {
		operation,
		dataTableId: { __rl: true, mode: 'name', value: table.name },
		matchType: 'allConditions',
		filters: { conditions: Object.entries(conditions).map(([keyName, keyValue]) => ({ keyName, keyValue })) },
		...more,
	});
}

/**
 * A resource mapper's value as n8n's editor writes it when the node is opened (its field list
 * loaded, the default match fields chosen), so that opening an example's node after running it
 * changes nothing: with an empty schema the editor wrote the fields in, which marked the run just
 * made as "Node parameters have changed" (n8n 2.40.7, checked in the browser, 2026-11-27).
 */
function mapperColumns(schema: Array<Record<string, unknown>>) {
	return { mappingMode: 'autoMapInputData', value: {}, matchingColumns: schema.filter((field) => field.defaultMatch === true).map((field) => field.id), schema };
}

/** Map Automatically onto a Data Table's (text) columns, each as the Data Table node's editor writes it. */
const tableColumns = (table: { columns: string[] }) =>
	mapperColumns(table.columns.map((id) => ({ id, displayName: id, required: false, defaultMatch: false, display: true, type: 'string', readOnly: false, removed: false })));

/** Map Automatically onto Rostering Shift › Create or Update's fields (as its mapping method gives them). */
const shiftUpsertColumns = () => mapperColumns(mappingFields(SHIFT_MAPPER, 'upsert') as unknown as Array<Record<string, unknown>>);

/**
 * A Filter (or, `if`, an IF: true branch out of output 0) with one condition: `left` (an expression)
 * `operation` `right`, compared as `type`, as the editor saves it (Filter and IF 2.2).
 */
function condition(name: string, kind: 'filter' | 'if', left: string, operation: string, right: string | number, type = 'string'): Node {
	return node(name, `n8n-nodes-base.${kind}`, 2.2, 0, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [{ id: randomUUID(), leftValue: left, rightValue: right, operator: { type, operation } }],
			combinator: 'and',
		},
		options: {},
	});
}

/** Edit Fields (Set 3.4) keeping the named fields, each from an expression (text unless typed: `[expression, 'number']`). */
function fields(name: string, values: Record<string, string | [string, 'number' | 'array']>): Node {
	return node(name, 'n8n-nodes-base.set', 3.4, 0, {
		assignments: {
			assignments: Object.entries(values).map(([field, value]) => ({ id: randomUUID(), name: field, value: Array.isArray(value) ? value[0] : value, type: Array.isArray(value) ? value[1] : 'string' })),
		},
		options: {},
	});
}

/** The example that turns rows into shifts (test/e2e/demo.test.ts runs it by this name). */
export const OPEN_SHIFTS = 'A week of open shifts, safe to run again';

export function exampleWorkflows(ids: DemoIds): ExampleWorkflow[] {
	const polling = { pollTimes: ids.pollTimes ?? { item: [{ mode: 'everyMinute' }] } };

	const shiftChanges = chain(
		'Shift changes → a table',
		true,
		[
			node('When shifts change', 'n8n-nodes-rostering.rosteringShiftTrigger', 1, 0, { ...polling, filters: {}, options: { addNames: true } }, ids),
			fields('Pick the columns', {
				event: '={{ $json.event }}',
				shift_id: '={{ $json.record.id }}',
				start_time: `={{ ${LOCAL_ISO('$json.record.start_time')} }}`,
				end_time: `={{ ${LOCAL_ISO('$json.record.end_time')} }}`,
				employee: '={{ $json.record.employee_name ?? "open shift" }}',
				location: '={{ $json.record.location_name ?? $json.record.location_id }}',
				employee_id: '={{ $json.record.employee_id ?? "" }}',
				status: '={{ $json.record.status }}',
				changed_at: '={{ $json.record.updated_at }}',
			}),
			// Insert or Update on the change itself (shift, event, when): a change delivered again (an
			// Execute Workflow in the editor shows one the trigger already delivered) adds no second row.
			node('Add to "Shift changes"', 'n8n-nodes-base.dataTable', 1.1, 0, {
				operation: 'upsert',
				dataTableId: { __rl: true, mode: 'name', value: SHIFT_CHANGES_TABLE.name },
				matchType: 'allConditions',
				filters: {
					conditions: [
						{ keyName: 'shift_id', keyValue: '={{ $json.shift_id }}' },
						{ keyName: 'event', keyValue: '={{ $json.event }}' },
						{ keyName: 'changed_at', keyValue: '={{ $json.changed_at }}' },
					],
				},
				columns: tableColumns(SHIFT_CHANGES_TABLE),
				options: {},
			}),
		],
		[note("## New or changed shifts to a list\nPublished, this workflow's **When shifts change** trigger (Rostering Shift Trigger) looks every minute for shifts created, changed or removed since it last looked, and adds a row for each change, once, to the **Shift changes** data table (Overview → Data tables).\n\nTry it: run **A week of open shifts** and watch the rows arrive. **Execute workflow** here fetches the latest change as an example: a change already in the table is not added twice.")],
	);

	// Next Monday to Sunday, 18:00 to 22:00 at the location, one open shift a day: rows named like the
	// API's fields, so that Create or Update's Map Automatically reads them as they are, and times
	// without an offset, which the node reads at the location (a week across a DST change included).
	// No seeded shift starts at 18:00 (sandbox/seed-roster.ts), so the rows match none of the seed's.
	const rows = Array.from({ length: 7 }, (_, day) => {
		const date = new Date(Date.parse(`${ids.nextMonday}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
		return { location_id: ids.locationId, position_id: ids.positionId, start_time: `${date}T18:00:00`, end_time: `${date}T22:00:00` };
	});
	const openShifts = chain(
		OPEN_SHIFTS,
		false,
		[
			node('Run', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('The week as a table', 'n8n-nodes-base.set', 3.4, 0, { mode: 'raw', jsonOutput: JSON.stringify({ rows }, null, 2), options: {} }),
			node('One item per row', 'n8n-nodes-base.splitOut', 1, 0, { fieldToSplitOut: 'rows', options: {} }),
			node(
				'Create the open shifts',
				'n8n-nodes-rostering.rosteringShift',
				2,
				0,
				{ operation: 'upsert', columns: shiftUpsertColumns(), options: {}, requestOptions: {} },
				ids,
			),
		],
		[note("## A week of open shifts from a table, safe to run again\nSeven rows (next Monday to Sunday, 18:00–22:00 at the location) become seven **open shifts** in **one request**: **Create or Update** with *Map Automatically* reads each row as it is (its fields are named like the API's), finds the shifts that already exist in one list read, and creates the rest in batches of 100.\n\nRun it again: every row comes out `unchanged` and nothing is created twice. Change a time in the table and run it: that shift is updated. Shifts are created as drafts: publish them in the service.")],
		'Run',
	);

	const publishedAlert = chain(
		'Alert when a published shift changes or is removed',
		true,
		[
			node('When shifts change or go', 'n8n-nodes-rostering.rosteringShiftTrigger', 1, 0, { ...polling, events: ['updated', 'removed'], filters: {}, options: { addNames: true } }, ids),
			condition('Only published shifts', 'filter', '={{ $json.record.status }}', 'equals', 'published'),
			fields('The alert', {
				message:
					'={{ $json.event === "removed" ? "Removed" : "Changed" }}: published shift of {{ $json.record.employee_name ?? "nobody (open)" }}, {{ $json.record.position_name }} at {{ $json.record.location_name }}, {{ ' +
					LOCAL_TIME('$json.record.start_time') +
					' }}–{{ ' +
					LOCAL_TIME('$json.record.end_time', 'HH:mm') +
					' }} (shift {{ $json.record.id }})',
				employee_id: '={{ $json.record.employee_id ?? "" }}',
			}),
		],
		[note("## Alert on published shifts\nPublished shifts are what staff rely on. When one is changed or removed, this builds a message. Replace the last node with Slack, email or SMS to send it.\n\n(A change made through the API turns a shift back into a draft, so this fires for changes made in the service itself and for removals.)")],
	);

	const whosOn = chain(
		"Who's on now, every morning",
		false,
		[
			node('Every morning at 7', 'n8n-nodes-base.scheduleTrigger', 1.2, 0, { rule: { interval: [{ field: 'cronExpression', expression: '0 7 * * *' }] } }),
			node("Who's on now", 'n8n-nodes-rostering.rosteringWhosOn', 1, 0, { returnAll: true, filters: {}, options: { addNames: true }, requestOptions: {} }, ids),
			// Since when, at the location's time (location_timezone, from Add Names), whatever offset the service wrote.
			fields('One line each', { line: `={{ $json.employee_name ?? $json.employee_id }} since {{ ${LOCAL_TIME('$json.start_time', 'HH:mm')} }} at {{ $json.location_name ?? $json.location_id }}` }),
		],
		[note("## Who's on now, every morning\nAt 7 every morning (once you publish it), lists who is clocked in, by name: one row per open timesheet started in the last 24 hours. Options › Add Names puts the names beside the ids (one read of each list, however many rows). Click **Execute workflow** to see it now.")],
		'Every morning at 7',
	);

	const fortnight = chain(
		'Approved hours per employee, last fortnight',
		false,
		[
			node('Run', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node(
				'Totals for the fortnight',
				'n8n-nodes-rostering.rosteringTimesheetTotal',
				1,
				0,
				{ from: '={{ $now.minus({ days: 14 }).toISO() }}', to: '={{ $now.minus({ days: 1 }).toISO() }}', filters: {}, options: { addNames: true }, requestOptions: {} },
				ids,
			),
			condition('Only approved hours', 'filter', '={{ $json.approved_hours }}', 'gt', 0, 'number'),
			fields('Employee and hours', { employee: '={{ $json.employee_name ?? $json.employee_id }}', approved_hours: '={{ $json.approved_hours }}', employee_id: '={{ $json.employee_id }}' }),
		],
		[note('## Approved hours per employee\nAdds up the last fourteen days of timesheets per person (approved and pending; rejected and open ones left out) and keeps the approved hours, by name (Options › Add Names), with the id beside it: ready for payroll or a spreadsheet.')],
		'Run',
	);

	return [
		shiftChanges,
		openShifts,
		publishedAlert,
		whosOn,
		fortnight,
		payrollExport(ids),
		calendarSync(ids, polling),
		managerAlerts(ids, polling),
		eachPersonTheirWeek(ids, polling),
		leaveAgainstRoster(ids, polling),
		labourAgainstSales(ids),
		openShiftFilledOnce(ids, polling),
	];
}

/** The zone beside a field of a record the nodes named (`$json.record.start_time`: `$json.record.location_timezone`). */
const ZONE_BESIDE = (field: string) => `${field.replace(/\.[a-z_]+\)?$/, '')}.location_timezone`;

/**
 * A time the service wrote, as a Luxon DateTime at the location's time zone (`location_timezone`,
 * which Add Names puts beside the location's name), whatever offset it was written with (UTC, the
 * location's, any other: the spec allows each); a record without the zone is read at the offset
 * it was written with.
 */
function AT_LOCATION(field: string, zone: string): string {
	return `DateTime.fromISO(${field}, ${zone} ? { zone: ${zone} } : { setZone: true })`;
}

/** A calendar date (YYYY-MM-DD) as a person reads it: "Mon 30 Nov". */
const DAY_OF = (date: string) => `DateTime.fromISO(${date}).toFormat("ccc d LLL")`;

/** A time as a person at the location reads it: "Mon 30 Nov 09:00". */
function LOCAL_TIME(field: string, format = 'ccc d LLL HH:mm', zone = ZONE_BESIDE(field)): string {
	return `${AT_LOCATION(field, zone)}.toFormat("${format}")`;
}

/**
 * A time for a table, a file or a calendar: as an ISO time at the location's offset
 * ("2026-12-14T09:00:00+11:00"), so that a person opening the table reads the location's clock and
 * a program reads the same instant.
 */
export function LOCAL_ISO(field: string, zone = ZONE_BESIDE(field)): string {
	return `${AT_LOCATION(field, zone)}.toISO({ suppressMilliseconds: true })`;
}

/** The events example (the last test of test/e2e/demo.test.ts publishes it in the browser, by this name). */
export const MANAGER_ALERTS = 'Tell the manager: published, late, still clocked in, no break, long hours, approved';

/**
 * The events a manager acts on, each once, by name: the Shift trigger's Published and the Timesheet
 * trigger's attendance events and Approved, each made one line of a message in the Manager's alerts
 * table (one row per record and event, so an Execute Workflow that fetches an event again adds no
 * second row). Imported unpublished: publishing it is the first step its note gives.
 */
function managerAlerts(ids: DemoIds, polling: Record<string, unknown>): ExampleWorkflow {
	const who = '($json.record.employee_name ?? "Nobody (open shift)")';
	const byEvent: Record<string, string> = {
		published: `"Shift published: " + ${who} + ", " + ($json.record.position_name ?? "") + ", " + ${LOCAL_TIME('$json.record.start_time')} + "–" + ${LOCAL_TIME('$json.record.end_time', 'HH:mm')}`,
		late_clock_in: `${who} + " clocked in " + $json.minutes_late + " minutes late, at " + ${LOCAL_TIME('$json.record.start_time', 'HH:mm')}`,
		// Minutes past the shift's end, as a manager reads them; the alert's own moment (the end + the trigger's threshold) beside.
		still_clocked_in: `($json.shift ? ${who} + " is still clocked in, " + $json.minutes_past_shift_end + " minutes after their shift ended at " + ${LOCAL_TIME('$json.shift.end_time', 'HH:mm', '$json.record.location_timezone')} + " (alert due at " + ${LOCAL_TIME('$json.due_at', 'HH:mm', '$json.record.location_timezone')} + ")" : ${who} + " is still clocked in since " + ${LOCAL_TIME('$json.record.start_time', 'HH:mm')} + ", " + Math.round($json.minutes_since_start / 6) / 10 + " hours, with no shift")`,
		break_not_taken: `${who} + " worked " + Math.round($json.worked_minutes / 6) / 10 + " hours with " + $json.unpaid_break_minutes + " minutes of unpaid break"`,
		long_hours: `($json.kind === "week_over" ? ${who} + "'s week comes to " + $json.week_hours + " hours, over " + $json.limit_hours : ${who} + " worked " + $json.minutes_over + " minutes longer than the shift")`,
		approved: `"Timesheet approved: " + ${who} + ", " + ${LOCAL_TIME('$json.record.start_time')} + "–" + ${LOCAL_TIME('$json.record.end_time', 'HH:mm')}`,
	};
	const message = Object.entries(byEvent).reduceRight((otherwise, [event, text]) => `$json.event === "${event}" ? ${text} : ${otherwise}`, '$json.event');
	return graph(
		MANAGER_ALERTS,
		false,
		[
			node('When a shift is published', 'n8n-nodes-rostering.rosteringShiftTrigger', 1, 0, { ...polling, events: ['published'], filters: {}, options: { addNames: true } }, ids),
			node(
				'When attendance needs a look',
				'n8n-nodes-rostering.rosteringTimesheetTrigger',
				1,
				0,
				{ ...polling, events: ['late_clock_in', 'still_clocked_in', 'break_not_taken', 'long_hours', 'approved'], filters: {}, options: { addNames: true } },
				ids,
			),
			fields('The message', {
				event: '={{ $json.event }}',
				who: `={{ ${who} }}`,
				location: '={{ $json.record.location_name ?? $json.record.location_id }}',
				message: `={{ (${message}) + " at " + ($json.record.location_name ?? $json.record.location_id) }}`,
				record_id: '={{ $json.record.id }}',
				employee_id: '={{ $json.record.employee_id ?? "" }}',
				told_at: '={{ $now.toISO() }}',
			}),
			tableRows("Add to \"Manager's alerts\"", 'upsert', MANAGER_ALERTS_TABLE, { record_id: '={{ $json.record_id }}', event: '={{ $json.event }}' }, { columns: tableColumns(MANAGER_ALERTS_TABLE), options: {} }),
		],
		[
			['When a shift is published', 'The message'],
			['When attendance needs a look', 'The message'],
			['The message', "Add to \"Manager's alerts\""],
		],
		[
			note(
				"## What a manager acts on, by name\n1. **Publish** this workflow (top right).\n2. Open the sandbox's **manager's page** (http://127.0.0.1:4010/ in the demo) and do what a manager and the time clock do: publish a shift (today's roster has a draft until late afternoon), clock someone in late, move the clock past a shift's end, clock out a long shift without a break, approve a timesheet.\n3. Within a minute each event is one row in the **Manager's alerts** data table (Overview → Data tables), with names: who, where, what. Nothing comes before you act: people already past their shift's end when you publish are not told, only what happens after.\n\nReplace the data table with Slack, email or SMS to send the message. Each trigger's Events and thresholds (late after 5 minutes, still clocked in 30 minutes after the shift...) are in its settings.",
				560,
				340,
			),
		],
	);
}

/** The payroll export example (test/e2e/demo.test.ts runs it by this name). */
export const PAYROLL_EXPORT = 'Approved hours to payroll, each timesheet once';

/**
 * Approved timesheets of the last four weeks to a CSV file, each once: the ids exported are kept in
 * a Data Table, so a re-run (or a run after a restart) exports only what is new, a timesheet
 * approved late goes with the next run, and one changed after it was exported is reported, not
 * exported again. The file comes first, then the record: a run stopped between the two exports
 * those timesheets again, never misses one.
 */
function payrollExport(ids: DemoIds): ExampleWorkflow {
	const approved = "$('Approved only').item.json";
	return graph(
		PAYROLL_EXPORT,
		false,
		[
			node('Run', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node(
				'Timesheets of the last four weeks',
				'n8n-nodes-rostering.rosteringTimesheet',
				1,
				0,
				{ returnAll: true, filters: { from: '={{ $now.minus({ days: 28 }).toISO() }}', to: '={{ $now.toISO() }}' }, options: { addNames: true }, requestOptions: {} },
				ids,
			),
			condition('Approved only', 'filter', '={{ $json.status }}', 'equals', 'approved'),
			// Above the export branch, so that n8n runs it first: the changes are told from the table as it was.
			tableRows('Exported before', 'get', EXPORTED_TIMESHEETS_TABLE, { timesheet_id: '={{ $json.id }}' }, { returnAll: true }),
			tableRows('Not exported yet', 'rowNotExists', EXPORTED_TIMESHEETS_TABLE, { timesheet_id: '={{ $json.id }}' }),
			fields('Payroll columns', {
				timesheet_id: '={{ $json.id }}',
				employee: '={{ $json.employee_name ?? $json.employee_id }}',
				start_time: `={{ ${LOCAL_ISO('$json.start_time')} }}`,
				end_time: `={{ ${LOCAL_ISO('$json.end_time')} }}`,
				paid_hours: '={{ $json.paid_hours }}',
				updated_at: '={{ $json.updated_at }}',
				exported_at: '={{ $now.toISO() }}',
			}),
			condition('Changed since export', 'filter', '={{ $json.updated_at }}', 'notEquals', `={{ ${approved}.updated_at }}`),
			node('CSV file', 'n8n-nodes-base.convertToFile', 1.1, 0, { options: { fileName: `={{ "payroll-" + $today.toISODate() + ".csv" }}` } }),
			tableRows('Record as exported', 'upsert', EXPORTED_TIMESHEETS_TABLE, { timesheet_id: '={{ $json.timesheet_id }}' }, {
				columns: tableColumns(EXPORTED_TIMESHEETS_TABLE),
				options: {},
			}),
			fields('Report the change', {
				message: `={{ "Timesheet " + ${approved}.id + " (" + (${approved}.employee_name ?? ${approved}.employee_id) + ") changed after it was exported on " + $json.exported_at + ": paid hours then " + $json.paid_hours + ", now " + ${approved}.paid_hours }}`,
			}),
		],
		[
			['Run', 'Timesheets of the last four weeks'],
			['Timesheets of the last four weeks', 'Approved only'],
			['Approved only', 'Exported before'],
			['Approved only', 'Not exported yet'],
			['Not exported yet', 'Payroll columns'],
			['Exported before', 'Changed since export'],
			['Payroll columns', 'CSV file'],
			['Payroll columns', 'Record as exported'],
			['Changed since export', 'Report the change'],
		],
		[
			note(
				"## Approved hours to payroll, each timesheet once\nReads the last four weeks of timesheets (names added), keeps the **approved** ones and exports to a **CSV file** only those not in the **Exported timesheets** data table, then records them there. Run it again: nothing is exported twice. A timesheet approved late goes with the next run; one changed after it was exported is **reported**, not exported again.\n\nPublish it with a Schedule Trigger in place of **Run**, and send the file on with Email, Google Drive or SFTP. The file is made before the record: a run stopped in between exports those again rather than missing one. Imported from examples/, it needs a data table named **Exported timesheets** with text columns timesheet_id, employee, start_time, end_time, paid_hours, updated_at, exported_at (the demo makes it).",
				560,
				340,
			),
		],
		'Run',
	);
}

/** The calendar example (test/e2e/demo.test.ts checks it by this name). */
export const CALENDAR_SYNC = 'Roster kept in step with a calendar';

/**
 * Each shift as one calendar event, kept by shift id: created, moved, reassigned and removed shifts
 * change the event. A Data Table stands in for the calendar so the demo runs offline.
 */
function calendarSync(ids: DemoIds, polling: Record<string, unknown>): ExampleWorkflow {
	return graph(
		CALENDAR_SYNC,
		true,
		[
			node('When shifts change', 'n8n-nodes-rostering.rosteringShiftTrigger', 1, 0, { ...polling, filters: {}, options: { addNames: true } }, ids),
			condition('Removed?', 'if', '={{ $json.event }}', 'equals', 'removed'),
			tableRows('Delete the event', 'deleteRows', CALENDAR_TABLE, { shift_id: '={{ $json.record.id }}' }, { options: {} }),
			fields('The event', {
				shift_id: '={{ $json.record.id }}',
				title: '={{ ($json.record.employee_name ?? "Open shift") + " · " + ($json.record.position_name ?? "shift") }}',
				start: `={{ ${LOCAL_ISO('$json.record.start_time')} }}`,
				end: `={{ ${LOCAL_ISO('$json.record.end_time')} }}`,
				who: '={{ $json.record.employee_name ?? "open" }}',
				location: '={{ $json.record.location_name ?? $json.record.location_id }}',
			}),
			tableRows('Create or update the event', 'upsert', CALENDAR_TABLE, { shift_id: '={{ $json.shift_id }}' }, { columns: tableColumns(CALENDAR_TABLE), options: {} }),
		],
		[
			['When shifts change', 'Removed?'],
			['Removed?', 'Delete the event', 0],
			['Removed?', 'The event', 1],
			['The event', 'Create or update the event'],
		],
		[
			note(
				"## The roster in a calendar\nPublished, this keeps one calendar event per shift, found by the shift's id: a new shift adds one, a moved or reassigned shift changes it, a removed shift deletes it. The **Calendar (stand-in)** data table plays the calendar so it runs offline.\n\nFor Google Calendar or Outlook: keep the data table as the map from shift id to the calendar's event id, and put the calendar's Create, Update and Delete event nodes after it (Update and Delete by the event id the table holds). Imported from examples/, it needs a data table named **Calendar (stand-in)** with text columns shift_id, title, start, end, who, location (the demo makes it).",
				560,
				340,
			),
		],
	);
}

/**
 * A shift as a person reads it, from the record's own fields: "Tue 3 Mar 09:00–17:00, Barista at
 * Circular Quay Café" (an expression over `record`; test/workflow/names.test.ts runs it in n8n's
 * expression engine across offsets, zones and DST days).
 */
export function shiftLine(record: string, start = `${record}.start_time`, end = `${record}.end_time`): string {
	const zone = `${record}.location_timezone`;
	return `${LOCAL_TIME(start, undefined, zone)} + "–" + ${LOCAL_TIME(end, 'HH:mm', zone)} + ", " + (${record}.position_name ?? "shift") + " at " + (${record}.location_name ?? ${record}.location_id)`;
}

/** Data Table › If Row Does Not Exist on the Messages sent table: the items whose `key` no message has. */
function notSentYet(name: string, key: string): Node {
	return tableRows(name, 'rowNotExists', MESSAGES_TABLE, { key });
}

/** The stand-in channel: Data Table › Insert into Messages sent (each item has exactly its columns). */
function send(name: string): Node {
	return node(name, 'n8n-nodes-base.dataTable', 1.1, 0, { dataTableId: { __rl: true, mode: 'name', value: MESSAGES_TABLE.name }, columns: tableColumns(MESSAGES_TABLE), options: {} });
}

const ONE_SIDED = ['true', 'false', 'exists', 'notExists', 'empty', 'notEmpty'];

/** Filter 2.2 with every condition true: [left, operation, right, type]. */
function conditions(name: string, all: Array<[string, string, string | number, string]>): Node {
	return node(name, 'n8n-nodes-base.filter', 2.2, 0, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			// A one-sided operator (is true, exists...) is saved with singleValue, as the editor does: the right value then is not checked.
			conditions: all.map(([left, operation, right, type]) => ({ id: randomUUID(), leftValue: left, rightValue: right, operator: { type, operation, ...(ONE_SIDED.includes(operation) ? { singleValue: true } : {}) } })),
			combinator: 'and',
		},
		options: {},
	});
}

/** Summarize 1.1: split by `by`, each field aggregated as given ([field, aggregation, separator for concatenate]). */
function summarize(name: string, by: string, fieldsToSummarize: Array<[string, string, string?]>): Node {
	return node(name, 'n8n-nodes-base.summarize', 1.1, 0, {
		fieldsToSummarize: { values: fieldsToSummarize.map(([field, aggregation, separateBy]) => ({ aggregation, field, ...(separateBy !== undefined ? { separateBy } : {}) })) },
		// One item for all when split by nothing: the editor leaves the empty default out.
		...(by ? { fieldsToSplitBy: by } : {}),
		options: {},
	});
}

/** The week example (test/e2e/demo.test.ts checks it by this name). */
export const EACH_PERSON_THEIR_WEEK = 'Tell each person their week, and what changes';

/**
 * A published week becomes one message per rostered person with their shifts (local times at the
 * location, position and location by name); a later change to a published shift (moved, given to
 * someone else, taken off, removed) one message to each person it concerns. A shift told as
 * published is kept in Shifts told (by its id and the moment), a change told in Messages sent (by
 * shift, moment and person): neither is told again, so an Execute Workflow (which fetches the last
 * change again) sends nothing. Drafts are never told.
 */
function eachPersonTheirWeek(ids: DemoIds, polling: Record<string, unknown>): ExampleWorkflow {
	const r = '$json.record';
	const c = '$json.changes';
	const moved = `(${c}.start_time || ${c}.end_time)`;
	const before = shiftLine(r, `(${c}.start_time ? ${c}.start_time.from : ${r}.start_time)`, `(${c}.end_time ? ${c}.end_time.from : ${r}.end_time)`);
	const key = (who: string) => `"change: " + ${r}.id + "@" + ${r}.updated_at + " " + ${who}`;
	// A person's new shifts of one week (their ids, space-separated), beside each shift of that week.
	const week = "$('New shifts per person and week').item.json";
	const isNew = `${week}.concatenated_shift_id.split(" ").includes($json.id)`;
	const message = (who: string, to: string, kind: string, text: string) => `{ to: ${who} ?? "", employee_id: ${to}, kind: "${kind}", message: "Hi " + (${who} ?? "") + ": " + ${text}, key: ${key(to)}, sent_at: $now.toISO() }`;
	// Who a change concerns, each with one message: the person on the shift now (given it, or it
	// moved), and the person it was taken from (given to someone else, made open, or removed).
	const people = [
		`${r}.employee_id && !${r}.archived && ${c}.employee_id ? ${message(`${r}.employee_name`, `${r}.employee_id`, 'shift_given', `"you have a new shift: " + ${shiftLine(r)} + " (it was " + (${c}.employee_id.from_name ?? "an open shift") + ")"`)} : null`,
		`${r}.employee_id && !${r}.archived && !${c}.employee_id && ${moved} ? ${message(`${r}.employee_name`, `${r}.employee_id`, 'shift_moved', `"your shift " + ${before} + " has moved to " + ${shiftLine(r)}`)} : null`,
		`${r}.employee_id && ${r}.archived ? ${message(`${r}.employee_name`, `${r}.employee_id`, 'shift_removed', `"your shift " + ${before} + " was cancelled"`)} : null`,
		`${c}.employee_id && ${c}.employee_id.from ? ${message(`${c}.employee_id.from_name`, `${c}.employee_id.from`, 'shift_taken_off', `"your shift " + ${before} + " is no longer yours: " + (${r}.employee_name ? "it was given to " + ${r}.employee_name : "it is an open shift now")`)} : null`,
	];
	return graph(
		EACH_PERSON_THEIR_WEEK,
		true,
		[
			node(
				'When shifts are published or change',
				'n8n-nodes-rostering.rosteringShiftTrigger',
				1,
				0,
				{ ...polling, events: ['published', 'assigned', 'became_open', 'times_changed', 'removed'], filters: {}, options: { addNames: true } },
				ids,
			),
			condition('Published?', 'if', '={{ $json.event }}', 'equals', 'published'),
			condition('Rostered to someone', 'filter', `={{ ${r}.employee_id ?? "" }}`, 'notEquals', ''),
			fields('One line per shift', {
				employee_id: `={{ ${r}.employee_id }}`,
				who: `={{ ${r}.employee_name ?? ${r}.employee_id }}`,
				// The Monday of the shift's week at its location (Luxon's weeks begin on Monday).
				week_start: `={{ ${AT_LOCATION(`${r}.start_time`, `${r}.location_timezone`)}.startOf("week").toISODate() }}`,
				shift_id: `={{ ${r}.id }}`,
				published_at: `={{ ${r}.updated_at }}`,
			}),
			tableRows('Not told yet', 'rowNotExists', SHIFTS_TOLD_TABLE, { shift_id: '={{ $json.shift_id }}', published_at: '={{ $json.published_at }}' }),
			summarize('New shifts per person and week', 'employee_id, who, week_start', [['shift_id', 'concatenate', ' ']]),
			// The person's whole week as published now: the shifts just published and those published before.
			node(
				'Their shifts that week',
				'n8n-nodes-rostering.rosteringShift',
				2,
				0,
				{
					returnAll: true,
					filters: {
						employeeId: { __rl: true, mode: 'id', value: '={{ $json.employee_id }}' },
						from: '={{ $json.week_start }}',
						to: '={{ DateTime.fromISO($json.week_start).plus({ days: 6 }).toISODate() }}',
					},
					options: { addNames: true },
					requestOptions: {},
				},
				ids,
			),
			conditions('Published, that week', [
				['={{ $json.status }}', 'equals', 'published', 'string'],
				[`={{ ${AT_LOCATION('$json.start_time', '$json.location_timezone')}.startOf("week").toISODate() }}`, 'equals', `={{ ${week}.week_start }}`, 'string'],
			]),
			fields('Each shift of the week', {
				employee_id: `={{ ${week}.employee_id }}`,
				who: `={{ ${week}.who }}`,
				new_shifts: `={{ ${week}.concatenated_shift_id }}`,
				start: ['={{ DateTime.fromISO($json.start_time).toMillis() }}', 'number'],
				line: `={{ ${shiftLine('$json')} }}`,
				// What is new marked, when the week holds shifts told before.
				marked: `={{ ${shiftLine('$json')} + (${isNew} ? " (new)" : "") }}`,
				is_new: [`={{ ${isNew} ? 1 : 0 }}`, 'number'],
			}),
			node('In time order', 'n8n-nodes-base.sort', 1, 0, { sortFieldsUi: { sortField: [{ fieldName: 'start' }] }, options: {} }),
			summarize('One message per person', 'employee_id, who, new_shifts', [
				['line', 'concatenate', '\n'],
				['marked', 'concatenate', '\n'],
				['is_new', 'min'],
			]),
			fields('Their week', {
				to: '={{ $json.who }}',
				employee_id: '={{ $json.employee_id }}',
				kind: 'week',
				message: '={{ "Hi " + $json.who + ", your week, published:\\n" + ($json.min_is_new === 1 ? $json.concatenated_line : $json.concatenated_marked) }}',
				key: '={{ "week: " + $json.new_shifts }}',
				sent_at: '={{ $now.toISO() }}',
			}),
			// Below the message's branch, so that n8n runs it after the message is sent: a run stopped in between tells those shifts again rather than never.
			fields('As told', { shift_id: '={{ $json.shift_id }}', published_at: '={{ $json.published_at }}', employee_id: '={{ $json.employee_id }}', told_at: '={{ $now.toISO() }}' }),
			node('Record as told', 'n8n-nodes-base.dataTable', 1.1, 0, { dataTableId: { __rl: true, mode: 'name', value: SHIFTS_TOLD_TABLE.name }, columns: tableColumns(SHIFTS_TOLD_TABLE), options: {} }),
			conditions('Published shifts only', [
				[`={{ ${r}.status }}`, 'equals', 'published', 'string'],
				// Published just now (a shift given to someone and published in one go): its week message tells it.
				[`={{ ${c}.status === undefined }}`, 'true', '', 'boolean'],
			]),
			fields('Each person concerned', { people: [`={{ [${people.join(', ')}].filter((message) => message !== null) }}`, 'array'] }),
			node('One item per person', 'n8n-nodes-base.splitOut', 1, 0, { fieldToSplitOut: 'people', options: {} }),
			// A change that is several events at once (moved and given to someone) gives the same messages twice.
			node('Once per change and person', 'n8n-nodes-base.removeDuplicates', 2, 0, { compare: 'selectedFields', fieldsToCompare: 'key', options: {} }),
			notSentYet('Not sent yet', '={{ $json.key }}'),
			send('Send (stand-in: Messages sent)'),
		],
		[
			['When shifts are published or change', 'Published?'],
			['Published?', 'Rostered to someone', 0],
			['Published?', 'Published shifts only', 1],
			['Rostered to someone', 'One line per shift'],
			['One line per shift', 'Not told yet'],
			['Not told yet', 'New shifts per person and week'],
			['Not told yet', 'As told'],
			['As told', 'Record as told'],
			['New shifts per person and week', 'Their shifts that week'],
			['Their shifts that week', 'Published, that week'],
			['Published, that week', 'Each shift of the week'],
			['Each shift of the week', 'In time order'],
			['In time order', 'One message per person'],
			['One message per person', 'Their week'],
			['Their week', 'Send (stand-in: Messages sent)'],
			['Published shifts only', 'Each person concerned'],
			['Each person concerned', 'One item per person'],
			['One item per person', 'Once per change and person'],
			['Once per change and person', 'Not sent yet'],
			['Not sent yet', 'Send (stand-in: Messages sent)'],
		],
		[
			note(
				"## Each person told their week, and what changes\nPublished, this watches the roster (Rostering Shift Trigger: Published, Assigned, Became Open, Times Changed, Removed). When a manager publishes a week, each rostered person gets **one** message with their week as published (their shifts from Monday to Sunday, at every location, times at the location, position and location by name; what is new marked when some were told before). When a published shift of theirs later moves, is given to someone else, made open or removed, each person it concerns gets one message saying what changed. Drafts are never told.\n\nThe **Messages sent** data table stands in for the channel: put Slack, SMS or email in place of **Send** (look the person up by `employee_id`: Rostering Employee › Get has their email and phone) and keep the insert beside it as the log of changes told. **Shifts told** keeps each shift told as published (by id and the moment it was published), so a re-run or **Execute workflow** sends nothing twice. Imported from examples/, it needs data tables **Messages sent** (text columns to, employee_id, kind, message, key, sent_at) and **Shifts told** (shift_id, published_at, employee_id, told_at).",
				600,
				420,
			),
		],
	);
}

/** The leave example (test/e2e/demo.test.ts checks it by this name). */
export const LEAVE_AGAINST_ROSTER = 'Leave requests checked against the roster';

/**
 * A new leave request, still pending: the shifts the person is rostered on in its days, each with
 * the people free to cover it (Who Can Cover), in one message to the manager who decides it in the
 * service. One message per request (the Messages sent table by the request's id).
 */
function leaveAgainstRoster(ids: DemoIds, polling: Record<string, unknown>): ExampleWorkflow {
	const request = "$('When leave is requested').item.json.record";
	const day = DAY_OF;
	return graph(
		LEAVE_AGAINST_ROSTER,
		true,
		[
			node('When leave is requested', 'n8n-nodes-rostering.rosteringLeaveRequestTrigger', 1, 0, { ...polling, events: ['created'], filters: {}, options: { addNames: true } }, ids),
			condition('Waiting for a decision', 'filter', '={{ $json.record.status }}', 'equals', 'pending'),
			node(
				'Their shifts in those days',
				'n8n-nodes-rostering.rosteringShift',
				2,
				0,
				{
					returnAll: true,
					filters: { employeeId: { __rl: true, mode: 'id', value: '={{ $json.record.employee_id }}' }, from: '={{ $json.record.start_date }}', to: '={{ $json.record.end_date }}' },
					options: { addNames: true },
					requestOptions: {},
				},
				ids,
			),
			fields('One line per shift', {
				leave_request_id: `={{ ${request}.id }}`,
				employee_id: `={{ ${request}.employee_id }}`,
				who: `={{ ${request}.employee_name ?? ${request}.employee_id }}`,
				days: `={{ ${day(`${request}.start_date`)} + (${request}.end_date === ${request}.start_date ? "" : " to " + ${day(`${request}.end_date`)}) }}`,
				shift_id: '={{ $json.id }}',
				line: `={{ ${shiftLine('$json')} }}`,
			}),
			node('Who can cover', 'n8n-nodes-rostering.rosteringShiftCover', 1, 0, { shiftId: { __rl: true, mode: 'id', value: '={{ $json.shift_id }}' }, returnAll: true, options: {}, requestOptions: {} }, ids),
			fields('Each candidate', { shift_id: "={{ $('One line per shift').item.json.shift_id }}", name: '={{ $json.first_name + " " + $json.last_name }}' }),
			summarize('Candidates per shift', 'shift_id', [['name', 'concatenate', ', ']]),
			// Every shift, with its candidates where there are some (Who Can Cover gives none for a shift nobody can take).
			node('Each shift with its cover', 'n8n-nodes-base.merge', 3.2, 0, { mode: 'combine', fieldsToMatchString: 'shift_id', joinMode: 'enrichInput1', options: {} }),
			fields('Shift and cover', {
				leave_request_id: '={{ $json.leave_request_id }}',
				employee_id: '={{ $json.employee_id }}',
				who: '={{ $json.who }}',
				days: '={{ $json.days }}',
				shift_id: '={{ $json.shift_id }}',
				text: '={{ "• " + $json.line + ": " + ($json.concatenated_name ? "can cover: " + $json.concatenated_name : "nobody free to cover") }}',
			}),
			summarize('One note per request', 'leave_request_id, employee_id, who, days', [
				['text', 'concatenate', '\n'],
				['shift_id', 'concatenate', ' '],
			]),
			fields('The note', {
				to: 'Manager',
				employee_id: '={{ $json.employee_id }}',
				kind: 'leave_check',
				message: '={{ $json.who + " asks for leave, " + $json.days + ". Rostered then:\\n" + $json.concatenated_text }}',
				key: '={{ "leave: " + $json.leave_request_id }}',
				sent_at: '={{ $now.toISO() }}',
			}),
			notSentYet('Not sent yet', '={{ $json.key }}'),
			send('Send (stand-in: Messages sent)'),
		],
		[
			['When leave is requested', 'Waiting for a decision'],
			['Waiting for a decision', 'Their shifts in those days'],
			['Their shifts in those days', 'One line per shift'],
			['One line per shift', 'Each shift with its cover'],
			['One line per shift', 'Who can cover'],
			['Who can cover', 'Each candidate'],
			['Each candidate', 'Candidates per shift'],
			['Candidates per shift', 'Each shift with its cover', 0, 1],
			['Each shift with its cover', 'Shift and cover'],
			['Shift and cover', 'One note per request'],
			['One note per request', 'The note'],
			['The note', 'Not sent yet'],
			['Not sent yet', 'Send (stand-in: Messages sent)'],
		],
		[
			note(
				"## Leave checked against the roster\nPublished, this looks at each new leave request still waiting for a decision (Rostering Leave Request Trigger: Created), lists the shifts the person is rostered on in those days (Rostering Shift › Get Many by employee and dates) and, for each, who is free to cover it (Rostering Who Can Cover: employed, allowed there, no overlapping shift), in one message for the manager who decides it in the service. A request with no shifts in its days sends nothing.\n\nRequests come from people in the service's app; in the demo, ask for one on the sandbox's **manager's page** (http://127.0.0.1:4010/, Leave requests › **Ask for leave**): within a minute the message is in **Messages sent**.\n\nThe **Messages sent** data table stands in for Slack or email (to the manager) and keeps one message per request. Who Can Cover does not check leave or availability: the candidates are the people free on the roster. Imported from examples/, it needs a data table **Messages sent** with text columns to, employee_id, kind, message, key, sent_at.",
				600,
				440,
			),
		],
	);
}

/** The labour example (test/e2e/demo.test.ts runs it by this name). */
export const LABOUR_AGAINST_SALES = 'Labour against sales, each morning';

/**
 * Each location's labour cost per day (Rostering Labour Cost: actual from timesheets, rostered where
 * nothing was worked) against the day's sales from the till's export (a Data Table standing in),
 * for the last seven days: a message for a day whose labour passes the percentage Settings sets,
 * once per location and day, and the week's summary, a line per location, once per week.
 */
function labourAgainstSales(ids: DemoIds): ExampleWorkflow {
	const settings = "$('Settings').first().json";
	return graph(
		LABOUR_AGAINST_SALES,
		false,
		[
			node('Every morning at 7', 'n8n-nodes-base.scheduleTrigger', 1.2, 0, { rule: { interval: [{ field: 'cronExpression', expression: '0 7 * * *' }] } }),
			fields('Settings', {
				labour_limit_percent: ['30', 'number'],
				from: '={{ $today.minus({ days: 7 }).toISODate() }}',
				to: '={{ $today.minus({ days: 1 }).toISODate() }}',
			}),
			node('Labour cost per day', 'n8n-nodes-rostering.rosteringLabourCost', 1, 0, { from: '={{ $json.from }}', to: '={{ $json.to }}', returnAll: true, filters: {}, options: { addNames: true }, requestOptions: {} }, ids),
			tableRows('Till sales', 'get', TILL_SALES_TABLE, {}, { returnAll: true }),
			fields('Labour per day', {
				date: '={{ $json.date }}',
				location: '={{ $json.location_name ?? $json.location_id }}',
				location_id: '={{ $json.location_id }}',
				// Actual cost (timesheets) once people worked that day; the rostered cost before.
				labour_cost: ['={{ $json.actual_hours > 0 ? $json.actual_cost : $json.rostered_cost }}', 'number'],
			}),
			node('Labour and sales by day', 'n8n-nodes-base.merge', 3.2, 0, { mode: 'combine', fieldsToMatchString: 'date, location', options: {} }),
			fields('Labour %', {
				date: '={{ $json.date }}',
				location: '={{ $json.location }}',
				location_id: '={{ $json.location_id }}',
				labour_cost: ['={{ $json.labour_cost }}', 'number'],
				sales: ['={{ Number($json.sales) }}', 'number'],
				labour_percent: ['={{ Number($json.sales) > 0 ? Math.round($json.labour_cost / Number($json.sales) * 1000) / 10 : 0 }}', 'number'],
			}),
			condition('Over the limit', 'filter', '={{ $json.labour_percent }}', 'gt', `={{ ${settings}.labour_limit_percent }}`, 'number'),
			fields('The alert', {
				to: 'Manager',
				employee_id: '',
				kind: 'labour_over',
				message: `={{ "Labour at " + $json.location + " on " + ${DAY_OF('$json.date')} + " was " + $json.labour_percent + "% of sales ($" + $json.labour_cost.toFixed(2) + " against $" + $json.sales.toFixed(2) + "), over " + ${settings}.labour_limit_percent + "%" }}`,
				key: '={{ "labour: " + $json.location_id + " " + $json.date }}',
				sent_at: '={{ $now.toISO() }}',
			}),
			summarize('Per location', 'location', [
				['labour_cost', 'sum'],
				['sales', 'sum'],
			]),
			// A line a person reads where the message lands (a chat, an SMS, a table cell): no markup.
			fields('Summary line', {
				line: '={{ $json.location + ": labour $" + $json.sum_labour_cost.toFixed(2) + " against sales $" + $json.sum_sales.toFixed(2) + ", " + ($json.sum_sales > 0 ? (Math.round($json.sum_labour_cost / $json.sum_sales * 1000) / 10) + "%" : "no sales") }}',
			}),
			summarize('All locations', '', [['line', 'concatenate', '\n']]),
			fields('The weekly summary', {
				to: 'Manager',
				employee_id: '',
				kind: 'labour_week',
				message: `={{ "Labour against sales, " + ${DAY_OF(`${settings}.from`)} + " to " + ${DAY_OF(`${settings}.to`)} + " (limit " + ${settings}.labour_limit_percent + "%):\\n" + $json.concatenated_line }}`,
				key: `={{ "labour week: " + ${settings}.from + " to " + ${settings}.to }}`,
				sent_at: '={{ $now.toISO() }}',
			}),
			notSentYet('Not sent yet', '={{ $json.key }}'),
			send('Send (stand-in: Messages sent)'),
		],
		[
			['Every morning at 7', 'Settings'],
			['Settings', 'Labour cost per day'],
			['Settings', 'Till sales'],
			['Labour cost per day', 'Labour per day'],
			['Labour per day', 'Labour and sales by day'],
			['Till sales', 'Labour and sales by day', 0, 1],
			['Labour and sales by day', 'Labour %'],
			['Labour %', 'Over the limit'],
			['Labour %', 'Per location'],
			['Over the limit', 'The alert'],
			['Per location', 'Summary line'],
			['Summary line', 'All locations'],
			['All locations', 'The weekly summary'],
			['The alert', 'Not sent yet'],
			['The weekly summary', 'Not sent yet'],
			['Not sent yet', 'Send (stand-in: Messages sent)'],
		],
		[
			note(
				"## Labour against sales\nEach morning (once published; **Execute workflow** to see it now): each location's labour cost per day for the last seven days (Rostering Labour Cost with names: actual cost from timesheets, rostered cost for a day nobody worked yet) against the day's sales in the **Till sales (stand-in)** data table (date, location by name, sales), which stands in for the till's export. A day over **Settings › labour_limit_percent** (30) gets a message, once; the week's summary comes as one line per location (labour, sales, %).\n\nMessages go to the **Messages sent** data table: put Slack, SMS or Email there (for an email table, n8n's HTML node › Convert to HTML Table on the lines' items). Days without a sales row are not checked. Needs pay:read (costs) with roster:read and timesheets:read. Imported from examples/, it needs the two data tables (the note of each lists its columns: sales date, location, sales; messages to, employee_id, kind, message, key, sent_at).",
				600,
				360,
			),
		],
		'Every morning at 7',
	);
}

/** The open-shift example (test/e2e/demo.test.ts checks it by this name). */
export const OPEN_SHIFT_FILLED_ONCE = 'An open shift filled, once';

/** The path of the example's accept link: <n8n>/webhook/accept-open-shift?shift=<id>&employee=<id>&sig=<HMAC>. */
export const ACCEPT_PATH = 'accept-open-shift';

/** The name of the Crypto credential whose Hmac Secret signs the accept links. */
export const LINK_SECRET = 'Open-shift link secret';

/** Crypto 2 › Hmac (SHA-256, hex) of `value` into `into`, with the secret of the Crypto credential given. */
function hmac(name: string, value: string, into: string, secret: { id: string; name: string }): Node {
	return { ...node(name, 'n8n-nodes-base.crypto', 2, 0, { action: 'hmac', value, dataPropertyName: into }), credentials: { crypto: secret } };
}

/**
 * A shift made open (the Shift trigger's Became Open): each person Who Can Cover lists, but the
 * person just taken off it, is offered it, once, with a link of their own, signed (an HMAC of the
 * shift and the person, with the secret of a Crypto credential); the link (a Webhook, answered on
 * the page) gives the shift to the first who accepts (Rostering Shift v2 › Assign If Open) and
 * tells anyone later that it has gone; a link not signed for that shift and person changes nothing
 * and is refused. A person's open-shift request, as it arrives, is an acceptance too (the service
 * knows who sent it). Each answer is sent once per person and shift (Messages sent by key), to the
 * person by name, so a second click sends nothing more.
 */
function openShiftFilledOnce(ids: DemoIds, polling: Record<string, unknown>): ExampleWorkflow {
	const open = "$('When a shift becomes open').item.json.record";
	const secret = ids.linkSecret ?? { id: '', name: LINK_SECRET };
	// The accept link: n8n's own address, from the one it gives this execution for resuming (its
	// webhook base), so that it needs no setting; n8n's production webhooks are under /webhook/.
	const link = `$execution.resumeUrl.replace(/\\/webhook-waiting\\/.*$/, "") + "/webhook/${ACCEPT_PATH}?shift=" + ${open}.id + "&employee=" + $json.employee_id + "&sig=" + $json.signature`;
	// What Assign If Open answered for the person (the item after it is their employee record).
	const assigned = "$('Assign if still open').item.json";
	const shift = `${assigned}.shift`;
	const when = `${LOCAL_TIME(`${shift}.start_time`)} + "–" + ${LOCAL_TIME(`${shift}.end_time`, 'HH:mm')}`;
	const yours = `${assigned}.outcome === "assigned" || ${assigned}.outcome === "already_theirs"`;
	const workflow = graph(
		OPEN_SHIFT_FILLED_ONCE,
		true,
		[
			node('When a shift becomes open', 'n8n-nodes-rostering.rosteringShiftTrigger', 1, 0, { ...polling, events: ['became_open'], filters: {}, options: { addNames: true } }, ids),
			node('Who can cover', 'n8n-nodes-rostering.rosteringShiftCover', 1, 0, { shiftId: { __rl: true, mode: 'id', value: '={{ $json.record.id }}' }, returnAll: true, options: {}, requestOptions: {} }, ids),
			// The service lists the person just taken off the shift as free for it: they are not offered it back.
			condition('Not the person taken off', 'filter', '={{ $json.employee_id }}', 'notEquals', "={{ $('When a shift becomes open').item.json.changes.employee_id?.from ?? \"\" }}"),
			hmac('Sign the link', `={{ ${open}.id + ":" + $json.employee_id }}`, 'signature', secret),
			fields('The offer', {
				to: '={{ $json.first_name + " " + $json.last_name }}',
				employee_id: '={{ $json.employee_id }}',
				kind: 'open_shift_offer',
				message: `={{ "Hi " + $json.first_name + ": an open shift, " + ${shiftLine(open)} + ". The first to accept gets it: " + ${link} }}`,
				// One offer per person each time the shift becomes open.
				key: `={{ "offer: " + ${open}.id + "@" + ${open}.updated_at + " " + $json.employee_id }}`,
				sent_at: '={{ $now.toISO() }}',
			}),
			node('Accept link clicked', 'n8n-nodes-base.webhook', 2.1, 0, { path: ACCEPT_PATH, responseMode: 'responseNode', options: {} }),
			hmac('Sign what the link asks', '={{ ($json.query.shift ?? "") + ":" + ($json.query.employee ?? "") }}', 'expected', secret),
			condition('Signed for this shift and person?', 'if', '={{ $json.query.sig ?? "" }}', 'equals', '={{ $json.expected }}'),
			node('Refuse the link', 'n8n-nodes-base.respondToWebhook', 1.5, 0, {
				respondWith: 'text',
				responseBody: 'This link is not valid: it was not sent to you for this shift, so nothing was changed. Ask your manager for a new offer.',
				options: { responseCode: 403 },
			}),
			node('When someone requests an open shift', 'n8n-nodes-rostering.rosteringOpenShiftRequestTrigger', 1, 0, { ...polling, events: ['created'], filters: {}, options: {} }, ids),
			fields('Who accepts which shift', {
				shift_id: '={{ $json.query ? $json.query.shift : $json.record.shift_id }}',
				employee_id: '={{ $json.query ? $json.query.employee : $json.record.employee_id }}',
				by: '={{ $json.query ? "link" : "request" }}',
			}),
			node(
				'Assign if still open',
				'n8n-nodes-rostering.rosteringShift',
				2,
				0,
				{ operation: 'assignIfOpen', shiftId: { __rl: true, mode: 'id', value: '={{ $json.shift_id }}' }, employeeId: { __rl: true, mode: 'id', value: '={{ $json.employee_id }}' }, options: { addNames: true }, requestOptions: {} },
				ids,
			),
			// Their name for the answer (the shift's names say who has it, which is someone else when it has gone).
			node('Who accepted', 'n8n-nodes-rostering.rosteringEmployee', 1, 0, { operation: 'get', employeeId: { __rl: true, mode: 'id', value: '={{ $json.employee_id }}' }, options: {}, requestOptions: {} }, ids),
			fields('The answer', {
				to: '={{ ($json.preferred_name || $json.first_name) + " " + $json.last_name }}',
				employee_id: `={{ ${assigned}.employee_id }}`,
				kind: `={{ ${yours} ? "open_shift_yours" : "open_shift_gone" }}`,
				// Taken, started, deleted, or refused for this person (a clash): the node's own words for the last three.
				message: `={{ ${yours} ? "It's yours: the shift " + ${when} + " is now yours. Your manager publishes the roster for it to show there." : ${assigned}.outcome === "taken" ? "Sorry, the shift " + ${when} + " has gone: someone accepted it first." : "Sorry, the shift " + ${when} + " cannot be yours. " + ${assigned}.message }}`,
				// One answer per person and shift: the first stands, a second click sends nothing more.
				key: `={{ "open shift: " + ${assigned}.shift_id + " " + ${assigned}.employee_id }}`,
				sent_at: '={{ $now.toISO() }}',
			}),
			notSentYet('Not sent yet', '={{ $json.key }}'),
			condition('Clicked a link?', 'if', `={{ $('Who accepts which shift').item.json.by }}`, 'equals', 'link'),
			send('Send (stand-in: Messages sent)'),
			node('Answer on the page', 'n8n-nodes-base.respondToWebhook', 1.5, 0, { respondWith: 'text', responseBody: '={{ $json.message }}', options: {} }),
		],
		[
			['When a shift becomes open', 'Who can cover'],
			['Who can cover', 'Not the person taken off'],
			['Not the person taken off', 'Sign the link'],
			['Sign the link', 'The offer'],
			['The offer', 'Not sent yet'],
			['Accept link clicked', 'Sign what the link asks'],
			['Sign what the link asks', 'Signed for this shift and person?'],
			['Signed for this shift and person?', 'Who accepts which shift', 0],
			['Signed for this shift and person?', 'Refuse the link', 1],
			['When someone requests an open shift', 'Who accepts which shift'],
			['Who accepts which shift', 'Assign if still open'],
			['Assign if still open', 'Who accepted'],
			['Who accepted', 'The answer'],
			// The message first (above), then the page: what the page says is in the table by then.
			['The answer', 'Not sent yet'],
			['The answer', 'Clicked a link?'],
			['Not sent yet', 'Send (stand-in: Messages sent)'],
			['Clicked a link?', 'Answer on the page', 0],
		],
		[
			note(
				"## An open shift filled, once\nPublished, this watches for a shift made open (Rostering Shift Trigger: Became Open) and offers it to each person **Who Can Cover** lists (not the person just taken off it), once, each with their own **accept link** (this workflow's webhook, `/webhook/accept-open-shift?shift=…&employee=…&sig=…`). The first to accept gets it (Rostering Shift › **Assign If Open**); anyone accepting later is told it has gone, on the page and as a message, by name; a second click sends nothing more. A person's **open-shift request** (Open Shift Request Trigger: Created) counts as accepting.\n\n**The links are signed**: `sig` is an HMAC of the shift and the person made with the **Hmac Secret** of the Crypto credential **Open-shift link secret** (Overview → Credentials; set a long random text, and keep it secret). A link not signed for that shift and person (another person's id put in, no signature) changes nothing and is refused. Changing the secret makes the links already sent invalid.\n\nThe **Messages sent** data table stands in for the channel (text columns to, employee_id, kind, message, key, sent_at). For **Slack**, send the offer with an Accept button whose URL is the link; for **SMS** (Twilio) or **email**, put the link in the text (Rostering Employee › Get has the phone and email). Assigning a published shift makes it a **draft again** in the service: the manager republishes. The API has no conditional change: another app could take the shift between the read and the change; in this n8n, acceptances of one shift take turns.",
				640,
				460,
			),
		],
	);
	// Laid out by hand: the offers along the top, the acceptances below, both into the one channel.
	const at: Record<string, [number, number]> = {
		'When a shift becomes open': [0, 0],
		'Who can cover': [1, 0],
		'Not the person taken off': [2, 0],
		'Sign the link': [3, 0],
		'The offer': [4, 0],
		'Accept link clicked': [0, 1],
		'Sign what the link asks': [1, 1],
		'Signed for this shift and person?': [2, 1],
		'Refuse the link': [3, 2],
		'When someone requests an open shift': [0, 3],
		'Who accepts which shift': [3, 1],
		'Assign if still open': [4, 1],
		'Who accepted': [5, 1],
		'The answer': [6, 1],
		'Not sent yet': [7, 0],
		'Send (stand-in: Messages sent)': [8, 0],
		'Clicked a link?': [7, 2],
		'Answer on the page': [8, 2],
	};
	for (const step of workflow.nodes) {
		if (at[step.name]) step.position = [at[step.name][0] * COLUMN, at[step.name][1] * ROW];
		if (step.type === 'n8n-nodes-base.webhook') step.webhookId = randomUUID();
	}
	return workflow;
}
