/**
 * Node and credential types for the harness.
 *
 * The package's own types are loaded by n8n-core's real PackageDirectoryLoader (the class n8n uses
 * for an installed community package), so they get what a real n8n gives them: the package name
 * from package.json as prefix (`n8n-nodes-rostering.<description.name>`), codex, icon paths,
 * validateNodeDescription, and for declarative nodes the `requestOptions` collection
 * (batching/proxy/timeout) that DirectoryLoader.applyDeclarativeNodeOptionParameters adds. It loads
 * the files package.json lists (n8n.nodes, n8n.credentials), as n8n does, so that a versioned
 * node's version files (v1/, v2/) are not taken for nodes of their own. The one difference: it
 * reads the TypeScript source of each (nodes/X/X.node.ts for dist/nodes/X/X.node.js), so no build
 * is needed; n8n-core's loadClassInIsolation does a plain require() when NODE_ENV=test, which jest
 * routes through ts-jest.
 */
import { PackageDirectoryLoader } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, jsonParse } from 'n8n-workflow';
import path from 'node:path';

import { CredentialTypes } from './credential-types';

export const PACKAGE_DIR = path.resolve(__dirname, '../..');

class SourcePackageLoader extends PackageDirectoryLoader {
	override async loadAll(): Promise<void> {
		this.loadAllSync();
	}

	loadAllSync(): void {
		const { version, n8n } = this.packageJson as { version?: string; n8n?: { nodes?: string[]; credentials?: string[] } };
		for (const file of sourcesOf(n8n?.nodes)) this.loadNodeFromFile(file, version);
		for (const file of sourcesOf(n8n?.credentials)) this.loadCredentialFromFile(file);
		(this as unknown as LoaderInternals).inferSupportedNodes();
	}
}

/** DirectoryLoader members that are private in its typings but that the source loader reuses. */
type LoaderInternals = {
	inferSupportedNodes(): void;
	getCodex(filePath: string): unknown;
};

// n8n reads the codex `<file>.node.json` beside `<file>.node.js`; here it sits beside the .ts file.
const baseGetCodex = (PackageDirectoryLoader.prototype as unknown as LoaderInternals).getCodex;
(SourcePackageLoader.prototype as unknown as LoaderInternals).getCodex = function (filePath: string) {
	return baseGetCodex.call(this, filePath.replace(/\.ts$/, '.js'));
};

/** The sources of the files package.json lists: dist/nodes/X/X.node.js → nodes/X/X.node.ts. */
function sourcesOf(listed: string[] = []): string[] {
	return listed.map((file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts')).sort();
}

/** Stand-in for n8n-nodes-base.manualTrigger: emits one empty item. */
export class ManualTriggerStandIn implements INodeType {
	description: INodeType['description'] = {
		displayName: 'When clicking ‘Execute workflow’',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Harness stand-in for n8n-nodes-base.manualTrigger',
		defaults: { name: 'When clicking ‘Execute workflow’' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(): Promise<INodeExecutionData[][]> {
		return [[{ json: {} }]];
	}
}

/**
 * `test.items`: a source node whose parameter `items` (an array of JSON objects, or a JSON string of
 * one) it emits as items. It may also sit after another node; its input is then ignored.
 */
export class TestItemsNode implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Test Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Harness source node: emits the items given in its `items` parameter',
		defaults: { name: 'Input Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0, []) as unknown;
		const items = (typeof raw === 'string' ? jsonParse(raw) : raw) as IDataObject[];
		if (!Array.isArray(items)) throw new Error('test.items: parameter "items" must be an array');
		return [items.map((json) => ({ json }))];
	}
}

type TypeEntry = { type: INodeType | IVersionedNodeType; sourcePath?: string };

/** All node and credential types the harness knows, loaded once per jest module registry. */
export class HarnessTypes implements INodeTypes {
	readonly credentialTypes = new CredentialTypes();

	readonly nodes = new Map<string, TypeEntry>();

	readonly packageName: string;

	constructor(packageDir = PACKAGE_DIR) {
		const loader = new SourcePackageLoader(packageDir);
		this.packageName = loader.packageName;
		loader.loadAllSync();
		for (const [name, entry] of Object.entries(loader.nodeTypes)) {
			this.nodes.set(`${loader.packageName}.${name}`, entry);
		}
		for (const { type } of Object.values(loader.credentialTypes)) this.credentialTypes.add(type);
		this.registerNodeType(new ManualTriggerStandIn(), 'n8n-nodes-base.manualTrigger');
		this.registerNodeType(new TestItemsNode(), 'test.items');
	}

	/**
	 * Adds a node type under its full name (default `test.<description.name>`). Declarative types get
	 * the same `requestOptions` collection n8n's loader adds.
	 */
	registerNodeType(type: INodeType | IVersionedNodeType, fullName?: string): string {
		const name = fullName ?? `test.${type.description.name}`;
		const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
		for (const version of versions) PackageDirectoryLoader.applyDeclarativeNodeOptionParameters(version);
		this.nodes.set(name, { type });
		return name;
	}

	registerCredentialType(type: ICredentialType): void {
		this.credentialTypes.add(type);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const entry = this.nodes.get(nodeType);
		if (!entry) {
			throw new Error(
				`Unrecognized node type: ${nodeType} (known: ${[...this.nodes.keys()].join(', ')})`,
			);
		}
		return entry.type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries(
			[...this.nodes.entries()].map(([name, e]) => [name, { className: e.type.constructor.name, sourcePath: e.sourcePath ?? '' }]),
		);
	}

	/** The version a new node of this type gets in the editor: the highest one. */
	latestVersion(nodeType: string): number {
		const type = this.getByName(nodeType);
		if ('nodeVersions' in type) return type.currentVersion;
		const { version } = type.description;
		return Array.isArray(version) ? Math.max(...version) : version;
	}
}
