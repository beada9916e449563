/**
 * The part of a discord.js ChatInputCommandInteraction the handlers use, so they run (and are
 * tested) without a Discord connection. discord.js's own interaction satisfies it.
 */
import type { Embed } from './embeds.js';

export interface AttachmentLike {
  url: string;
  name: string;
  contentType?: string | null;
  size?: number;
}

export interface ReplyPayload {
  content?: string;
  embeds?: Embed[];
  files?: { attachment: Buffer; name: string }[];
}

export interface InteractionLike {
  commandName: string;
  /** The user's Discord client language (`en-US`, `es-ES`, `de`, …). */
  locale: string;
  options: {
    getString(name: string, required?: boolean): string | null;
    getAttachment(name: string, required?: boolean): AttachmentLike | null;
  };
  deferred: boolean;
  replied: boolean;
  deferReply(options?: { ephemeral?: boolean }): Promise<unknown>;
  reply(payload: ReplyPayload): Promise<unknown>;
  editReply(payload: ReplyPayload): Promise<unknown>;
}
