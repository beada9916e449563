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
  /** Seen only by the user who asked (Discord's EPHEMERAL flag, 64). */
  ephemeral?: boolean;
  content?: string;
  embeds?: Embed[];
  files?: { attachment: Buffer; name: string }[];
}

export interface InteractionLike {
  /** Discord's snowflake of this interaction (a blind roll mixes it in as its client seed). */
  id?: string;
  commandName: string;
  /** The user's Discord client language (`en-US`, `es-ES`, `de`, …). */
  locale: string;
  options: {
    getString(name: string, required?: boolean): string | null;
    getAttachment(name: string, required?: boolean): AttachmentLike | null;
    getBoolean?(name: string, required?: boolean): boolean | null;
  };
  deferred: boolean;
  replied: boolean;
  deferReply(options?: { ephemeral?: boolean }): Promise<unknown>;
  reply(payload: ReplyPayload): Promise<unknown>;
  editReply(payload: ReplyPayload): Promise<unknown>;
}
