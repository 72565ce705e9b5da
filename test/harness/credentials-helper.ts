/**
 * An in-memory ICredentialsHelper that behaves like n8n's own (packages/cli/src/credentials-helper.ts)
 * where it matters to a package's nodes, without a database or encryption:
 *
 * - getDecrypted: the stored data, then the defaults of the credential's own and parent properties
 *   (NodeHelpers.getNodeParameters over the merged properties, parents first, the child's own
 *   properties taking precedence, `doNotInherit` parent properties skipped), the stored
 *   `oauthTokenData` put back, then every expression resolved with `$self` = that data — through the
 *   executing workflow's expression engine when n8n-core passes expressionResolveValues (it does for
 *   node executions), otherwise through a throw-away Workflow as n8n does. `raw: true` returns the
 *   stored data untouched (requestOAuth2's refresh reads it that way).
 * - getParentTypes: through `extends`, so requestOAuth2 is chosen for a child of oAuth2Api.
 * - updateCredentialsOauthTokenData: writes only `oauthTokenData` back to the store, as n8n does.
 * - authenticate / preAuthentication / runPreAuthentication: n8n's logic for function and generic
 *   (`authenticate: { type: 'generic' }`) credentials, and for `preAuthentication` with an
 *   `expirable` hidden property.
 */
import { getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, deepCopy, isExpression } from 'n8n-workflow';

import type { CredentialTypes } from './credential-types';

export type StoredCredential = { type: string; name: string; data: ICredentialDataDecryptedObject };
export type CredentialStore = Record<string, StoredCredential>;

const mockNode: INode = {
	id: 'credentials-mock-node',
	name: '',
	typeVersion: 1,
	type: 'mock',
	position: [0, 0],
	parameters: {},
};

const noNodeTypes: INodeTypes = {
	getByName: () => undefined as never,
	getByNameAndVersion: () => undefined as never,
	getKnownTypes: () => ({}),
};

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Every call n8n-core made, for tests that want to see the refresh path was taken. */
	readonly calls: Array<{ method: string; type: string; id?: string | null }> = [];

	constructor(
		private readonly credentialTypes: CredentialTypes,
		readonly store: CredentialStore,
	) {
		super();
	}

	private find(nodeCredentials: INodeCredentialsDetails, type: string): StoredCredential {
		const byId = nodeCredentials.id ? this.store[nodeCredentials.id] : undefined;
		if (byId) {
			if (byId.type !== type) {
				throw new Error(`Credential "${nodeCredentials.id}" is of type "${byId.type}", not "${type}"`);
			}
			return byId;
		}
		const byName = Object.values(this.store).find(
			(c) => c.type === type && c.name === nodeCredentials.name,
		);
		if (byName) return byName;
		throw new Error(
			`Credential with ID "${nodeCredentials.id}" does not exist for type "${type}" (harness store has: ${Object.keys(this.store).join(', ') || 'none'})`,
		);
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const typeDef = this.credentialTypes.getByName(credentialType);
		if (!typeDef.restrictToSupportedNodes) return true;
		return (typeDef.supportedNodes ?? []).some((n) => nodeType === n || nodeType.endsWith(`.${n}`));
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		this.calls.push({ method: 'authenticate', type: typeName });
		const credentialType = this.credentialTypes.getByName(typeName);
		const { authenticate } = credentialType;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (typeof authenticate === 'object' && authenticate.type === 'generic') {
			if (!workflow || !node) throw new Error('Workflow and node are required for generic authentication');
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials } as IWorkflowDataProxyAdditionalKeys,
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			const target = requestOptions as unknown as Record<string, Record<string, string>>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					target[outerKey] = target[outerKey] ?? {};
					target[outerKey][resolve(key)] = resolve(String(value));
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		const expirable = credentialType.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined || typeof credentialType.preAuthentication !== 'function') {
			return undefined;
		}
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		const nodeCredentials = node.credentials?.[credentialType.name];
		if (nodeCredentials) {
			const stored = this.find(nodeCredentials, credentialType.name);
			stored.data = { ...stored.data, ...output };
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		return (output as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const stored = this.find(nodeCredentials, type);
		// Only getData/updateData are used by n8n's own callers; no encryption in the harness.
		return {
			id: nodeCredentials.id ?? undefined,
			name: stored.name,
			type,
			getData: () => deepCopy(stored.data),
			updateData: (data: ICredentialDataDecryptedObject) => {
				stored.data = { ...stored.data, ...data };
			},
			setData: (data: ICredentialDataDecryptedObject) => {
				stored.data = deepCopy(data);
			},
		} as unknown as ICredentials;
	}

	/** The merged properties of a type and its parents, as n8n's CredentialsHelper returns them. */
	getCredentialsProperties(type: string): INodeProperties[] {
		const typeData = this.credentialTypes.getByName(type);
		if (typeData.extends === undefined) {
			if (['oAuth1Api', 'oAuth2Api'].includes(type)) {
				return [
					...typeData.properties,
					{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', required: false, default: {} },
				];
			}
			return typeData.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of typeData.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, typeData.properties);
		return combined;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		this.calls.push({ method: raw ? 'getDecrypted(raw)' : 'getDecrypted', type, id: nodeCredentials.id });
		const stored = this.find(nodeCredentials, type);
		const original = deepCopy(stored.data);
		if (raw === true) return original;
		return await this.applyDefaultsAndExpressions(
			additionalData,
			original,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	async applyDefaultsAndExpressions(
		additionalData: IWorkflowExecuteAdditionalData,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		let data = NodeHelpers.getNodeParameters(
			properties,
			original as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (original.oauthTokenData !== undefined) data.oauthTokenData = original.oauthTokenData;

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			try {
				data = expressionResolveValues.workflow.expression.getParameterValue(
					data as INodeParameters,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					data,
				) as ICredentialDataDecryptedObject;
			} catch (e) {
				(e as Error).message += ' [Error resolving credentials]';
				throw e;
			}
		} else {
			const workflow = new Workflow({ nodes: [mockNode], connections: {}, active: false, nodeTypes: noNodeTypes });
			const acquired = await workflow.expression.acquireIsolate();
			try {
				data = workflow.expression.getComplexParameterValue(
					mockNode,
					data as INodeParameters,
					mode,
					additionalKeys,
					undefined,
					undefined,
					data,
				) as ICredentialDataDecryptedObject;
			} finally {
				if (acquired) await workflow.expression.releaseIsolate();
			}
		}
		return data;
	}

	/** The credential as a node would get it (defaults and expressions applied), outside a run. */
	async resolve(id: string, additionalData: IWorkflowExecuteAdditionalData): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store[id];
		return await this.applyDefaultsAndExpressions(additionalData, deepCopy(stored.data), stored.type, 'internal');
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.calls.push({ method: 'updateCredentials', type, id: nodeCredentials.id });
		this.find(nodeCredentials, type).data = deepCopy(data);
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.calls.push({ method: 'updateCredentialsOauthTokenData', type, id: nodeCredentials.id });
		const stored = this.find(nodeCredentials, type);
		stored.data = { ...stored.data, oauthTokenData: deepCopy(data.oauthTokenData) };
	}
}
