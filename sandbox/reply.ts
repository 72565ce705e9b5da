/** A response before it is written: JSON, HTML, plain text or nothing, plus headers. */
export interface Reply {
	status: number;
	headers?: Record<string, string>;
	json?: unknown;
	html?: string;
	/** text/plain (only the 'text' errorBody reading sends it). */
	text?: string;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({ status, json: body, headers });
export const html = (status: number, body: string): Reply => ({ status, html: body });
export const redirect = (location: string): Reply => ({ status: 302, headers: { Location: location } });

export function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
