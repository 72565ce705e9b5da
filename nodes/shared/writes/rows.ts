import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IGetNodeParameterOptions, INode } from 'n8n-workflow';

import type { ResourceKey } from '../resources';
import type { RequestContext } from '../requests/transport';

/**
 * What a write is made of, as types: one input item (`WriteItem`), the node's builders that make
 * its request body from its row (`WriteSpec`, each node's bodies.ts), and where a node version
 * reads the row (`RowSource`: version 1's parameters, parameters.ts; version 2's resource mapper,
 * mapper.ts). The builders check a row the same way for both versions, the AI-tool path and
 * Create or Update; each version gives them the labels it shows (FieldLabels), so that an error
 * names a field as the person sees it. What runs them: writes.ts.
 */

/** Reads one of the item's parameters, as n8n's getNodeParameter does (an expression evaluated for this item). */
export type ReadParameter = (name: string, fallback?: unknown, options?: IGetNodeParameterOptions) => unknown;

export interface WriteItem {
	node: INode;
	itemIndex: number;
	/** The operation run (Create Many and Create or Update leave the location check to the service). */
	operation: string;
	/** The node's context: a check that needs a read (a location's time zone, the record changed) makes it with this. */
	ctx: IExecuteFunctions | IExecuteSingleFunctions;
	/** The item's parameters. */
	read: ReadParameter;
	/** The input item's fields (Map Automatically reads them). */
	json: IDataObject;
	/** Options › Idempotency Key, checked (first: a key the service would refuse stops everything, even lookups). */
	userKey?: string;
	/** Options › Max Rate-Limit Wait, checked. */
	maxWait: number;
	/** The row's fields given by name, with the name (writes/names.ts): `{location_id: "Circular Quay Café"}`. */
	namesGiven?: IDataObject;
}

/**
 * How a node version names, in errors, the fields it shows in places of its own: version 1 in its
 * Additional Fields and Update Fields collections (parameters.ts), version 2 in the mapper (mapper.ts).
 */
export interface FieldLabels {
	/** An optional field of a create: version 1's "Additional Fields › Notes", version 2's "Notes". */
	added: (label: string) => string;
	/** A field of a change: version 1's "Update Fields › Notes", version 2's "Notes". */
	changed: (label: string) => string;
	/** A change that gives nothing to change: the error's message, and what to do. */
	nothingToChange: { message: string; description: string };
}

/**
 * A body builder: the request body of one create or change, from the item's row, checked before
 * anything is sent; its errors name the fields by `labels`, the version's.
 */
type RowBuilder<Row extends object> = (item: WriteItem, row: Row, labels: FieldLabels) => Promise<IDataObject>;

/**
 * Sends a body that the service may want in another shape (the Timesheet node's note:
 * nodes/RosteringTimesheet/timesheet-note.ts): `attempt` sends a body with its headers, and may be
 * called again with another body, under a key of its own. Other nodes have none: a body goes once, as built.
 */
type ShapeRetry = (
	ctx: RequestContext,
	request: { method: string; body: IDataObject; headers: IDataObject },
	attempt: (body: IDataObject, headers: IDataObject) => Promise<IDataObject>,
) => Promise<IDataObject>;

/** A write node's writes (each node's bodies.ts): the resource, and the builders that check an item's row and make the request body. */
export interface WriteSpec<Row extends object> {
	key: ResourceKey;
	create: RowBuilder<Row>;
	/** The body of a change; the row's `id` is the record's, checked. */
	update: RowBuilder<Row>;
	/** The Timesheet's note, sent under its other name when the service refuses the first. */
	shapeRetry?: ShapeRetry;
}

/** What a row is for: a create (Create, Create Many), a change (Update), or a row of Create or Update. */
export type WriteOperation = 'create' | 'update' | 'upsert';

/**
 * Where one version of a write node reads an item's row, and the one place that row becomes a
 * request body: `bodyOf` reads the row, runs the node's builder on it with the version's labels,
 * and for a change (Update, or a row of Create or Update that gives an ID) returns the record's
 * id, checked.
 */
export interface RowSource<Row extends object> {
	bodyOf: (writes: WriteSpec<Row>, item: WriteItem, operation: WriteOperation) => Promise<{ body: IDataObject; id?: string }>;
	/** Called once per run before the items are read (version 2: names the input fields Map Automatically cannot place). */
	beforeRun?: (ctx: IExecuteFunctions, operation: WriteOperation) => void;
}

/**
 * An item ready to send: the item, its body and, for a change, its record; `output` shapes the
 * record the service answers with into the item's output (Create or Update's `action`).
 */
export interface Ready {
	itemIndex: number;
	item: WriteItem;
	body: IDataObject;
	/** The record a change is for (Update). */
	id?: string;
	output?: (record: IDataObject) => IDataObject;
}
