/**
 * A small Server-Sent Events parser over a fetch body (the WHATWG event-stream format): works in
 * Node ≥ 20 and browsers, and unlike EventSource lets the client send headers (the API key) and
 * `Last-Event-ID` itself.
 */
export interface SseMessage {
    /** `event:` (default `message`). */
    event: string;
    /** `data:` lines joined with `\n`. */
    data: string;
    /** `id:` of this event, or the last one seen on the stream. */
    id: string | undefined;
}
export interface SseParser {
    /** Feeds decoded text; returns the events it completed. */
    push(chunk: string): SseMessage[];
    /** The last `retry:` the server sent (milliseconds). */
    readonly retry: number | undefined;
}
export declare function createSseParser(): SseParser;
/** The events of a `text/event-stream` body, as they arrive. */
export declare function readSse(body: ReadableStream<Uint8Array>, parser?: SseParser): AsyncGenerator<SseMessage>;
