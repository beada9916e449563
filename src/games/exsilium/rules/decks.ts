/**
 * Exsilium decks (CONTRACT §1: no dice; decks come in draw order or are shuffled from a seed).
 * Every draw and every shuffle is recorded in one transcript per request, so a result can be
 * re-run and audited.
 */
import { SeededRandom } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';

export interface DeckDraw {
  deck: string;
  card: unknown;
  /** Who the card was drawn for (Outcome draws) or why (an effect card's Outcome bonus). */
  for?: string;
}

export interface DeckShuffle {
  deck: string;
  /** `initial`: no order given; `fill`: the rest of a partly given deck; `exhausted`: discards reshuffled. */
  reason: 'initial' | 'fill' | 'exhausted';
  order: unknown[];
}

export interface DeckTranscript {
  seed: string;
  draws: DeckDraw[];
  shuffles: DeckShuffle[];
}

/** The request's shuffler and transcript: one seeded stream for every shuffle, in order. */
export class DeckLog {
  private readonly random: SeededRandom;
  private readonly draws: DeckDraw[] = [];
  private readonly shuffles: DeckShuffle[] = [];

  constructor(readonly seed: string) {
    this.random = new SeededRandom(seed);
  }

  shuffle<T>(deck: string, reason: DeckShuffle['reason'], cards: readonly T[]): T[] {
    const order = this.random.shuffle(cards);
    this.shuffles.push({ deck, reason, order: [...order] });
    return order;
  }

  recordDraw(draw: DeckDraw): void {
    this.draws.push(draw);
  }

  transcript(): DeckTranscript {
    return { seed: this.seed, draws: this.draws.map((d) => ({ ...d })), shuffles: this.shuffles.map((s) => ({ ...s, order: [...s.order] })) };
  }
}

export interface PileState<T> {
  drawPile: T[];
  discard: T[];
}

/** A face-down draw pile with its discard pile. */
export class Pile<T> {
  private drawPile: T[];
  private discardPile: T[];

  constructor(
    readonly name: string,
    drawPile: readonly T[],
    discard: readonly T[],
    private readonly log: DeckLog,
    /** JSON pointer of the request member that supplied this deck (for 422 `deck_exhausted`). */
    private readonly path: string,
  ) {
    this.drawPile = [...drawPile];
    this.discardPile = [...discard];
  }

  /** Cards in the draw pile and the discard pile together. */
  get size(): number {
    return this.drawPile.length + this.discardPile.length;
  }

  /**
   * Draw the top card. EXS-DECK-1/2/3: the discard pile is reshuffled into a new deck only when
   * the deck is empty and a card is needed.
   */
  draw(forWhom?: string): T {
    if (this.drawPile.length === 0) {
      if (this.discardPile.length === 0) {
        throw new RuleViolation('deck_exhausted', `The ${this.name} deck and its discard pile are empty: no card can be drawn.`, {
          deck: this.name,
          path: this.path,
        });
      }
      // EXS-DECK-3 / EXS-DECK-2: reshuffle the discards into a new deck when it runs out.
      this.drawPile = this.log.shuffle(this.name, 'exhausted', this.discardPile);
      this.discardPile = [];
    }
    const card = this.drawPile.shift() as T;
    this.log.recordDraw({ deck: this.name, card, ...(forWhom ? { for: forWhom } : {}) });
    return card;
  }

  discard(card: T): void {
    this.discardPile.push(card);
  }

  state(): PileState<T> {
    return { drawPile: [...this.drawPile], discard: [...this.discardPile] };
  }
}
