import type { paths } from './generated/openapi.js';
import { type RetryOptions } from './fetch.js';
import { type FollowMatchOptions } from './streams.js';
import type * as T from './types.js';
import type { CommandRequestOf } from './commands.js';
import type { GameId } from './games.js';
import { type Moves, type PendingDecision } from './moves.js';
export interface ArbiterClientOptions extends RetryOptions {
    /** Where the service is, e.g. `http://127.0.0.1:3000`. */
    baseUrl: string;
    /** API key (`POST /v1/admin/keys`): needed for matches, simulations and stored rosters. */
    apiKey?: string;
    /**
     * A seat or spectator token (`createSeatToken`, `createSpectatorToken`) instead of a key: sent as
     * `Authorization: Bearer <token>`, it reads that one match (`getMatch`, `matchEvents`,
     * `followMatch`) and, for a seat, sends its player's commands (`runCommand`). Used when `apiKey`
     * is absent.
     */
    token?: string;
    /** `summary` language: `en` (default), `es` or `de`. */
    language?: 'en' | 'es' | 'de';
    /** Another fetch (tests, instrumentation); default the global one. */
    fetch?: typeof fetch;
}
/** Options of a POST that changes a match. */
export interface MatchWriteOptions {
    /** Your own key for this logical call; by default one is generated per call and kept across its retries. */
    idempotencyKey?: string;
}
/** Options of a command. */
export interface CommandOptions extends MatchWriteOptions {
    /**
     * Owner key only (contract §9.1 `?as=`): send the command for this player, as its seat would — it
     * decides that player's part only (a decision it opens waits for the others) and answers in that
     * seat's view. A bot or VTT host relaying one player's move uses it.
     */
    as?: string;
}
/** Options of a token request: a shorter lifetime than the service's default. */
export interface TokenOptions {
    /** Feed tokens: 1–600 (default `FEED_TOKEN_TTL_SECONDS`); seat and spectator tokens: 60–86 400 (default 86 400). */
    ttlSeconds?: number;
}
/** POST paths whose success is a 200 JSON answer (the stateless rule operations). */
export type RulePath = {
    [P in T.Path]: [T.ResponseBody<P, 'post', 200>] extends [never] ? never : P;
}[T.Path];
export declare function createArbiterClient(options: ArbiterClientOptions): {
    /** The typed openapi-fetch client (GET/POST/DELETE on any documented path); it does not throw. */
    raw: import("./vendor/openapi-fetch.js").Client<paths, `${string}/${string}`>;
    /** Any stateless rule operation by its path: `rules('/v1/eden/weather', {dice: {seed: 'x'}})`. */
    rules: <P extends RulePath>(path: P, body: T.RequestBody<P>) => Promise<T.ResponseBody<P>>;
    melee: (body: T.MeleeRequest) => Promise<{
        success: boolean;
        reaction: "passive" | "dodge" | "response";
        via: "attack" | "engage" | "disengage";
        opposed: {
            a: {
                value: number;
                total: number;
            };
            b: {
                value: number;
                total: number;
            };
            rounds: {
                a: number;
                b: number;
            }[];
            winner: "a" | "b";
            by: "total" | "characteristic";
        } | null;
        exchanges: {
            striker: "attacker" | "target";
            roll: {
                value: number;
                difficulty: number;
                pool: number;
                threshold: number;
                values: number[];
                successes: number;
            };
            location: {
                rolled: number;
                shift: number;
                face: number;
                limb: "head" | "arms" | "torso" | "legs";
            } | null;
            dodge: {
                value: number;
                difficulty: number;
                pool: number;
                threshold: number;
                values: number[];
                successes: number;
            } | null;
            inflicted: number;
            protection: number;
            marked: number;
            success: boolean;
        }[];
        attacker: {
            ref: string;
            id?: string | undefined;
            name?: string | undefined;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs?: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            } | undefined;
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        } | {
            ref?: string | undefined;
            id: string;
            name: string;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            };
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        };
        target: {
            ref: string;
            id?: string | undefined;
            name?: string | undefined;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs?: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            } | undefined;
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        } | {
            ref?: string | undefined;
            id: string;
            name: string;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            };
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        };
        apSpent: {
            attacker: number;
            target: number;
        };
        dice: {
            seed: string | null;
            rolls: {
                purpose: string;
                sides: number;
                values: number[];
                fudge?: true | undefined;
            }[];
        };
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    }>;
    ranged: (body: T.RangedRequest) => Promise<{
        targetId: string | null;
        redirectedTo: string | null;
        success: boolean;
        reason: string | null;
        legalTargets: string[];
        roll: {
            value: number;
            difficulty: number;
            pool: number;
            threshold: number;
            values: number[];
            successes: number;
        } | null;
        location: {
            rolled: number;
            shift: number;
            face: number;
            limb: "head" | "arms" | "torso" | "legs";
        } | null;
        potency: {
            value: number;
            roll: {
                value: number;
                difficulty: number;
                pool: number;
                threshold: number;
                values: number[];
                successes: number;
            };
        } | null;
        inflicted: number;
        protection: number;
        marked: number;
        hit: {
            id: string;
            fighter: {
                ref: string;
                id?: string | undefined;
                name?: string | undefined;
                faction?: string | undefined;
                stigma?: string | undefined;
                types?: string[] | undefined;
                value?: number | undefined;
                limbs?: {
                    head: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    arms: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    torso: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    legs: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                } | undefined;
                equipment?: {
                    name: string;
                    categories: string[];
                    protection?: {
                        limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                        value: number;
                    } | undefined;
                    bonus?: {
                        PSI?: number | undefined;
                        CBT?: number | undefined;
                        VIG?: number | undefined;
                        RAP?: number | undefined;
                    } | undefined;
                    range?: number | undefined;
                    potency?: number | undefined;
                    fire?: number | undefined;
                    fear?: number | undefined;
                    explosive?: number | undefined;
                    perGame?: number | undefined;
                    perTurn?: number | undefined;
                }[] | undefined;
                wounds?: {
                    head?: number | undefined;
                    arms?: number | undefined;
                    torso?: number | undefined;
                    legs?: number | undefined;
                } | undefined;
                markers?: {
                    fire?: number | undefined;
                    fear?: number | undefined;
                    rage?: number | undefined;
                    slow?: number | undefined;
                    poison?: number | undefined;
                } | undefined;
                ap?: number | undefined;
                npc?: boolean | undefined;
                outOfAction: boolean;
            } | {
                ref?: string | undefined;
                id: string;
                name: string;
                faction?: string | undefined;
                stigma?: string | undefined;
                types?: string[] | undefined;
                value?: number | undefined;
                limbs: {
                    head: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    arms: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    torso: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                    legs: {
                        white: number;
                        red: number;
                        faces: number[];
                        normal: number;
                        wounded: number;
                    };
                };
                equipment?: {
                    name: string;
                    categories: string[];
                    protection?: {
                        limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                        value: number;
                    } | undefined;
                    bonus?: {
                        PSI?: number | undefined;
                        CBT?: number | undefined;
                        VIG?: number | undefined;
                        RAP?: number | undefined;
                    } | undefined;
                    range?: number | undefined;
                    potency?: number | undefined;
                    fire?: number | undefined;
                    fear?: number | undefined;
                    explosive?: number | undefined;
                    perGame?: number | undefined;
                    perTurn?: number | undefined;
                }[] | undefined;
                wounds?: {
                    head?: number | undefined;
                    arms?: number | undefined;
                    torso?: number | undefined;
                    legs?: number | undefined;
                } | undefined;
                markers?: {
                    fire?: number | undefined;
                    fear?: number | undefined;
                    rage?: number | undefined;
                    slow?: number | undefined;
                    poison?: number | undefined;
                } | undefined;
                ap?: number | undefined;
                npc?: boolean | undefined;
                outOfAction: boolean;
            };
        } | null;
        shooter: {
            ref: string;
            id?: string | undefined;
            name?: string | undefined;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs?: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            } | undefined;
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        } | {
            ref?: string | undefined;
            id: string;
            name: string;
            faction?: string | undefined;
            stigma?: string | undefined;
            types?: string[] | undefined;
            value?: number | undefined;
            limbs: {
                head: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                arms: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                torso: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
                legs: {
                    white: number;
                    red: number;
                    faces: number[];
                    normal: number;
                    wounded: number;
                };
            };
            equipment?: {
                name: string;
                categories: string[];
                protection?: {
                    limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                    value: number;
                } | undefined;
                bonus?: {
                    PSI?: number | undefined;
                    CBT?: number | undefined;
                    VIG?: number | undefined;
                    RAP?: number | undefined;
                } | undefined;
                range?: number | undefined;
                potency?: number | undefined;
                fire?: number | undefined;
                fear?: number | undefined;
                explosive?: number | undefined;
                perGame?: number | undefined;
                perTurn?: number | undefined;
            }[] | undefined;
            wounds?: {
                head?: number | undefined;
                arms?: number | undefined;
                torso?: number | undefined;
                legs?: number | undefined;
            } | undefined;
            markers?: {
                fire?: number | undefined;
                fear?: number | undefined;
                rage?: number | undefined;
                slow?: number | undefined;
                poison?: number | undefined;
            } | undefined;
            ap?: number | undefined;
            npc?: boolean | undefined;
            outOfAction: boolean;
        };
        apSpent: number;
        energyBeacon: boolean;
        dice: {
            seed: string | null;
            rolls: {
                purpose: string;
                sides: number;
                values: number[];
                fudge?: true | undefined;
            }[];
        };
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    }>;
    exploreAnima: (body: T.AnimaExplorationRequest) => Promise<{
        roll: number;
        row: {
            min: number;
            max: number;
            result: "nothing" | "encounter" | "special";
            count?: number | undefined;
            text?: string | undefined;
            expels?: boolean | undefined;
            rewardAllowed?: boolean | undefined;
            losesGifts?: number | undefined;
        };
        encounters: {
            card: {
                name: string;
                kind: "creature" | "event";
                level: number;
                combat?: number | undefined;
                losesTurn?: boolean | undefined;
                expels?: boolean | undefined;
                gifts?: number | undefined;
                recruits?: number | undefined;
                losesGifts?: number | undefined;
                losesNextTurn?: boolean | undefined;
            };
            resolution: "discarded_level" | "won" | "lost" | "event";
            combat?: {
                group: {
                    combat: number;
                    roll: number;
                    total: number;
                };
                creature: {
                    combat: number;
                    roll: number;
                    total: number;
                };
                margin: number;
                winner: "group" | "creature";
                characterDies: boolean;
            } | undefined;
            giftsDrawn?: number | undefined;
            giftsLost?: number | undefined;
            recruited?: number | undefined;
        }[];
        characterDies: boolean;
        expelled: boolean;
        rewardAllowed: boolean;
        groupSize: number;
        groupEliminated: boolean;
        losesNextTurn: boolean;
        handSize?: number | undefined;
        dice: {
            seed: string | null;
            rolls: {
                purpose: string;
                sides: number;
                values: number[];
                fudge?: true | undefined;
            }[];
        };
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    }>;
    newaruAction: (body: T.NewaruActionRequest) => Promise<{
        tier: "basic" | "intermediate" | "advanced";
        revealed: {
            name: string;
            kind: "attack" | "effect";
            damage?: number | undefined;
            evadable?: boolean | undefined;
            chain?: boolean | undefined;
            drawOutcome?: boolean | undefined;
            bonus?: number | undefined;
            outcomeBonus?: number | undefined;
        }[];
        playerStrength: number;
        enemyStrength: number;
        outcomeDraws: {
            side: "player" | "newaru";
            card: number;
        }[];
        totals: {
            player: number;
            newaru: number;
        };
        winner: "player" | "newaru" | null;
        evaded: boolean;
        endedBy: "strength" | "outcome" | "evaded" | "effect" | "no_defence";
        consequences: {
            player: {
                result: "won" | "lost";
                baralytas: {
                    delta: number;
                    ifAny: boolean;
                    value: number | null;
                    to: "winner" | "nearest_free_deposit" | null;
                    points: number | null;
                    deposit?: {
                        deposit: string | null;
                        distance: number | null;
                        ties: string[];
                    } | null | undefined;
                };
                connectionTokens: {
                    delta: number;
                    ifAny: boolean;
                    after: number | null;
                };
                factionTokens: {
                    delta: number;
                    ifAny: boolean;
                    after: number | null;
                };
                discard: {
                    rule: "fatigue" | "penalty";
                    toDiscardPile: number;
                    toSupplyDeck: number;
                    marker: boolean;
                    markerFromReserve: boolean | null;
                    handAfter: number;
                };
                miniature: "stays" | "retreats";
                retreat?: {
                    slots: number[];
                    releaseSlot: number | null;
                    released: boolean | null;
                    abilityTokensReturned: number | null;
                    wardunTokenFreed: boolean | null;
                    rules: string[];
                } | null | undefined;
                rules: string[];
            } | null;
            newaru: "removed" | "respawned" | "stays";
            favourableZoneDiscarded: boolean;
            handAfter: number;
        };
        enemyDeck: {
            tier: string;
            drawPile: {
                name: string;
                kind: "attack" | "effect";
                damage?: number | undefined;
                evadable?: boolean | undefined;
                chain?: boolean | undefined;
                drawOutcome?: boolean | undefined;
                bonus?: number | undefined;
            }[];
            discard: {
                name: string;
                kind: "attack" | "effect";
                damage?: number | undefined;
                evadable?: boolean | undefined;
                chain?: boolean | undefined;
                drawOutcome?: boolean | undefined;
                bonus?: number | undefined;
            }[];
        };
        decks: {
            seed: string;
            draws: {
                deck: string;
                card: number | {
                    name: string;
                    kind: "attack" | "effect";
                    damage?: number | undefined;
                    evadable?: boolean | undefined;
                    chain?: boolean | undefined;
                    drawOutcome?: boolean | undefined;
                    bonus?: number | undefined;
                };
                for?: string | undefined;
            }[];
            shuffles: {
                deck: string;
                reason: "initial" | "fill" | "exhausted";
                order: (number | {
                    name: string;
                    kind: "attack" | "effect";
                    damage?: number | undefined;
                    evadable?: boolean | undefined;
                    chain?: boolean | undefined;
                    drawOutcome?: boolean | undefined;
                    bonus?: number | undefined;
                })[];
            }[];
        };
        rules: string[];
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
    }>;
    goomzPhase: (body: T.GoomzPhaseRequest) => Promise<{
        steps: {
            color: "yellow" | "red" | "black";
            rule: "A" | "B" | "C" | "D" | "E" | "F";
            card: string;
            to?: string | undefined;
            ally?: "water" | "fauna" | "flora" | undefined;
            allies?: ("water" | "fauna" | "flora")[] | undefined;
            effect: "moved" | "withdrew" | "protection_used" | "ally_to_noa" | "devastated" | "destroyed";
            objective?: {
                claimed: {
                    ally?: "water" | "fauna" | "flora" | undefined;
                    terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                    dieBonus?: boolean | undefined;
                } | null;
                remaining: number | null;
                goomzRemoved: boolean;
            } | undefined;
        }[];
        ring: string[];
        cards: {
            [x: string]: {
                terrain: "waterfall" | "swamp" | "forest" | "mountain";
                state: "healthy" | "devastated" | "destroyed";
            };
        };
        goomz: {
            color: "yellow" | "red" | "black";
            at: string;
            ambushedBy?: ("water" | "fauna" | "flora") | null | undefined;
        }[];
        allies: {
            kind: "water" | "fauna" | "flora";
            at: string;
            protecting?: boolean | undefined;
            availableFromTurn?: number | undefined;
        }[];
        objectives?: {
            color: "yellow" | "red" | "black";
            pile: {
                ally?: "water" | "fauna" | "flora" | undefined;
                terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                dieBonus?: boolean | undefined;
            }[];
            claimed?: {
                ally?: "water" | "fauna" | "flora" | undefined;
                terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                dieBonus?: boolean | undefined;
            }[] | undefined;
        }[] | undefined;
        won: boolean;
        lost: boolean;
        skipped: ("yellow" | "red" | "black")[];
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
    }>;
    rollDice: (body: T.DiceRollRequest) => Promise<{
        notation: string;
        total: number;
        terms: {
            notation: string;
            values: number[];
            kept: number[];
            total: number;
            successes?: number | undefined;
            failures?: number | undefined;
            label?: string | undefined;
        }[];
        dice: {
            seed: string | null;
            rolls: {
                purpose: string;
                sides: number;
                values: number[];
                fudge?: true | undefined;
            }[];
        };
        summary: string;
        summaryShort: string;
        sets?: {
            notation: string;
            total: number;
            terms: {
                notation: string;
                values: number[];
                kept: number[];
                total: number;
                successes?: number | undefined;
                failures?: number | undefined;
                label?: string | undefined;
            }[];
            dice: {
                seed: string | null;
                rolls: {
                    purpose: string;
                    sides: number;
                    values: number[];
                    fudge?: true | undefined;
                }[];
            };
            summary: string;
            summaryShort: string;
        }[] | undefined;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    } | {
        id: string;
        notation: string;
        repeat?: number | undefined;
        commitment: string;
        createdAt: string;
        expiresAt: string;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    }>;
    catalog: () => Promise<{
        [x: string]: unknown;
        editions: {
            id: "es" | "de";
            name: string;
            contents: string;
        }[];
        factions: {
            id: string;
            names: {
                en: string;
                es?: string | undefined;
                de?: string | undefined;
            };
            aliases: string[];
            recruitable: boolean;
            rule: string;
            editions: ("es" | "de")[];
        }[];
        stigmas: {
            id: string;
            names: {
                en: string;
                es?: string | undefined;
                de?: string | undefined;
            };
            aliases: string[];
            rule: string;
            editions: ("es" | "de")[];
        }[];
        equipment: {
            categories: {
                id: string;
                names: {
                    en: string;
                    es?: string | undefined;
                    de?: string | undefined;
                };
                rule: string;
                text: string;
                editions: ("es" | "de")[];
            }[];
            effects: {
                id: string;
                names: {
                    en: string;
                    es?: string | undefined;
                    de?: string | undefined;
                };
                rule: string;
                text: string;
                editions: ("es" | "de")[];
            }[];
            items: {
                id: string;
                names: {
                    en: string;
                    es?: string | undefined;
                    de?: string | undefined;
                };
                item: {
                    name: string;
                    categories: string[];
                    protection?: {
                        limbs: "all" | ("head" | "arms" | "torso" | "legs")[];
                        value: number;
                    } | undefined;
                    bonus?: {
                        PSI?: number | undefined;
                        CBT?: number | undefined;
                        VIG?: number | undefined;
                        RAP?: number | undefined;
                    } | undefined;
                    range?: number | undefined;
                    potency?: number | undefined;
                    fire?: number | undefined;
                    fear?: number | undefined;
                    explosive?: number | undefined;
                    perGame?: number | undefined;
                    perTurn?: number | undefined;
                };
                profilePrinted: boolean;
                source: string;
                editions: ("es" | "de")[];
            }[];
        };
        scenery: {
            pointsPerPlayer: number;
            rules: {
                id: "destruction" | "concealment" | "elevation" | "climb" | "crossable" | "impenetrable" | "inflammable" | "swim" | "obstacle" | "obstruction" | "occupation" | "hostile_presence" | "jump";
                names: {
                    en: string;
                    es?: string | undefined;
                    de?: string | undefined;
                };
                rule: string;
                takesValue: boolean;
                editions: ("es" | "de")[];
            }[];
            elements: {
                id: string;
                names: {
                    en: string;
                    es?: string | undefined;
                    de?: string | undefined;
                };
                cost: number;
                rules: {
                    rule: "destruction" | "concealment" | "elevation" | "climb" | "crossable" | "impenetrable" | "inflammable" | "swim" | "obstacle" | "obstruction" | "occupation" | "hostile_presence" | "jump";
                    value?: number | undefined;
                }[];
                special?: string | undefined;
                rule: string;
                editions: ("es" | "de")[];
            }[];
        };
        weather: {
            condition: "ionic_storm" | "headwind" | "thick_fog" | "normal" | "mist" | "acid_rain" | "snowstorm";
            min: number;
            max: number;
            names: {
                en: string;
                es?: string | undefined;
                de?: string | undefined;
            };
            rule: string;
            effect: {
                timing: "end_of_turn" | "move_action" | "targeting" | "deployment" | "tactical_phase" | "none";
                roll?: {
                    characteristic: "VIG";
                    difficulty: number;
                    who: "every_fighter" | "free_fighters";
                    npcsImmune: boolean;
                } | undefined;
                onFailure?: {
                    wounds?: number | undefined;
                    limb?: "torso" | undefined;
                    ignoreProtection?: boolean | undefined;
                    poison?: number | undefined;
                } | undefined;
                moveDistance?: number | undefined;
                engageDistance?: number | undefined;
                maxTargetDistance?: number | undefined;
                sprayAffected?: boolean | undefined;
                deployment?: "alternate_one_by_one" | undefined;
                tacticCost?: number | undefined;
            };
            editions: ("es" | "de")[];
        }[];
        fighters: {
            id: string;
            names: {
                en: string;
                es?: string | undefined;
                de?: string | undefined;
            };
            complete: boolean;
            faction: string | null;
            stigma: string | null;
            types: string[];
            value: {
                es?: number | undefined;
                de?: number | undefined;
            } | null;
            limbs: {
                head?: {
                    white?: number | undefined;
                    red?: number | undefined;
                    faces?: number[] | undefined;
                    normal?: number | undefined;
                    wounded?: number | undefined;
                } | undefined;
                arms?: {
                    white?: number | undefined;
                    red?: number | undefined;
                    faces?: number[] | undefined;
                    normal?: number | undefined;
                    wounded?: number | undefined;
                } | undefined;
                torso?: {
                    white?: number | undefined;
                    red?: number | undefined;
                    faces?: number[] | undefined;
                    normal?: number | undefined;
                    wounded?: number | undefined;
                } | undefined;
                legs?: {
                    white?: number | undefined;
                    red?: number | undefined;
                    faces?: number[] | undefined;
                    normal?: number | undefined;
                    wounded?: number | undefined;
                } | undefined;
            };
            equipment: string[];
            sources: string[];
            editions: ("es" | "de")[];
        }[];
        summary: string;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
    }>;
    /**
     * Validates a band: a JSON body, or the plain-text list format (answered with the parsed
     * `roster`). Invalid bands are answers (`valid: false`, `errors`), not exceptions; malformed
     * input is an ArbiterProblem (400 with every error's path).
     */
    validateRoster: (roster: T.RosterValidateRequest | string) => Promise<T.RosterValidation & {
        roster?: T.RosterValidateRequest;
        receipt?: string;
    }>;
    /** The band in the plain-text list format (round-trips through validateRoster). */
    formatRoster: (roster: T.RosterValidateRequest) => Promise<string>;
    /** Stores a band (API key) under an unguessable id; share `url`. */
    storeRoster: (roster: T.RosterValidateRequest) => Promise<{
        id: string;
        validation: {
            [x: string]: unknown;
            valid: boolean;
            errors: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            warnings: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            bandType: string;
            affiliation: string | null;
            totals: {
                value: number;
                budget: number;
                strategyPoints: number;
            };
            fighters: {
                index: number;
                id: string;
                name: string;
                value?: number | undefined;
                faction: string | null;
                stigma: string | null;
                psi: number;
            }[];
            summary: string;
            catalog?: {
                id: string;
                version: number;
                sha256: string;
            } | undefined;
            roster?: {
                [x: string]: unknown;
            } | undefined;
            receipt?: string | undefined;
        };
        url: string;
        createdAt: string;
        rosterSha256?: string | undefined;
        sealed?: boolean | undefined;
        sealedUntil?: string | undefined;
        receipt?: string | undefined;
    }>;
    getRoster: (rosterId: string) => Promise<{
        id: string;
        sealed: boolean;
        rosterSha256: string;
        validation: {
            valid: boolean;
            codes: string[];
        };
        sealedUntil?: string | undefined;
        revealedAt?: string | undefined;
        salt?: string | undefined;
        createdAt: string;
        url: string;
    } | {
        id: string;
        roster: {
            [x: string]: unknown;
        };
        validation: {
            [x: string]: unknown;
            valid: boolean;
            errors: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            warnings: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            bandType: string;
            affiliation: string | null;
            totals: {
                value: number;
                budget: number;
                strategyPoints: number;
            };
            fighters: {
                index: number;
                id: string;
                name: string;
                value?: number | undefined;
                faction: string | null;
                stigma: string | null;
                psi: number;
            }[];
            summary: string;
            catalog?: {
                id: string;
                version: number;
                sha256: string;
            } | undefined;
            roster?: {
                [x: string]: unknown;
            } | undefined;
            receipt?: string | undefined;
        };
        createdAt: string;
        rulesChanged: boolean;
        current?: {
            [x: string]: unknown;
            valid: boolean;
            errors: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            warnings: {
                code: string;
                path: string;
                message: string;
                line?: number | undefined;
                column?: number | undefined;
            }[];
            bandType: string;
            affiliation: string | null;
            totals: {
                value: number;
                budget: number;
                strategyPoints: number;
            };
            fighters: {
                index: number;
                id: string;
                name: string;
                value?: number | undefined;
                faction: string | null;
                stigma: string | null;
                psi: number;
            }[];
            summary: string;
            catalog?: {
                id: string;
                version: number;
                sha256: string;
            } | undefined;
            roster?: {
                [x: string]: unknown;
            } | undefined;
            receipt?: string | undefined;
        } | undefined;
        url: string;
        sealed?: boolean | undefined;
        rosterSha256?: string | undefined;
        salt?: string | undefined;
        sealedUntil?: string | undefined;
        revealedAt?: string | undefined;
    }>;
    verifyReceipt: (body: T.ReceiptVerifyRequest) => Promise<{
        valid: boolean;
        claims: {
            [x: string]: unknown;
        } | null;
        rosterMatches?: boolean | undefined;
        reason?: string | undefined;
        kid?: string | undefined;
    }>;
    jwks: () => Promise<{
        keys: {
            kty: string;
            crv: string;
            x: string;
            kid: string;
            alg: string;
            use: string;
        }[];
    }>;
    /** Creates an API key with the service's ADMIN_TOKEN; the key is shown once. */
    createApiKey: (name: string, adminToken: string) => Promise<{
        id: string;
        name: string;
        key: string;
        createdAt: string;
    }>;
    createMatch: (body: T.CreateMatchRequest, o?: MatchWriteOptions) => Promise<{
        id: string;
        game: import("./generated/openapi.js").components["schemas"]["Game"];
        version: number;
        players: {
            id: string;
            name: string;
        }[];
        options: {
            [x: string]: unknown;
        };
        createdAt: string;
    }>;
    getMatch: (matchId: string) => Promise<{
        id: string;
        game: import("./generated/openapi.js").components["schemas"]["Game"];
        version: number;
        players: {
            id: string;
            name: string;
        }[];
        options: {
            [x: string]: unknown;
        };
        createdAt: string;
        viewer?: {
            kind: "owner" | "seat" | "spectator";
            playerId?: string | undefined;
            preview?: true | undefined;
        } | undefined;
        state: unknown;
        withdrawn?: number[] | undefined;
    }>;
    /**
     * Resolves a command against the match state and appends its events atomically. The command is
     * typed by its `type` (CONTRACT §9.3); `runCommand<'eden'>(…)` accepts only that game's commands and the table's.
     */
    runCommand: <G extends GameId = "eden" | "anima" | "exsilium" | "spirit-of-eden">(matchId: string, body: CommandRequestOf<G>, o?: CommandOptions) => Promise<{
        version: number;
        events: {
            version: number;
            type: string;
            schemaVersion: number;
            data: unknown;
            recordedAt: string;
        }[];
        state: unknown;
        dice?: {
            seed: string | null;
            rolls: {
                purpose: string;
                sides: number;
                values: number[];
                fudge?: true | undefined;
            }[];
        } | undefined;
        warnings?: {
            path: string;
            code: string;
            message: string;
        }[] | undefined;
        foundryRolls?: {
            class: "Roll";
            options: {};
            dice: unknown[];
            formula: string;
            terms: ({
                class: "Die" | "FateDie";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
                faces: number;
                modifiers: string[];
                results: {
                    result: number;
                    active: boolean;
                    discarded?: true | undefined;
                    rerolled?: true | undefined;
                    exploded?: true | undefined;
                    success?: boolean | undefined;
                    failure?: true | undefined;
                    count?: number | undefined;
                }[];
            } | {
                class: "FunctionTerm";
                options: {};
                evaluated: true;
                fn: "floor";
                terms: string[];
                rolls: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                }[];
                result: number;
            } | {
                class: "NumericTerm";
                options: {
                    flavor?: string | undefined;
                };
                evaluated: true;
                number: number;
            } | {
                class: "OperatorTerm";
                options: {};
                evaluated: true;
                operator: "+" | "-" | "*" | "/";
            } | {
                class: "ParentheticalTerm";
                options: {};
                evaluated: true;
                term: string;
                roll: {
                    class: "Roll";
                    options: {};
                    dice: unknown[];
                    formula: string;
                    terms: unknown[];
                    total: number;
                    evaluated: true;
                };
            })[];
            total: number;
            evaluated: true;
        }[] | undefined;
    }>;
    /** The match's flow now (contract §8.1, §9.1): phase, turn, the players the table waits for and the command types each may send (a seat: its own); read it with `movesFor`, `canSend`. */
    getMoves: (matchId: string) => Promise<Moves>;
    /** Whom the table waits for (contract §9.1 `state.pending`): a sealed part, an answer, a choice — public, never a part's content. */
    getPending: (matchId: string) => Promise<PendingDecision[]>;
    appendEvents: (matchId: string, body: T.AppendEventsRequest, o?: MatchWriteOptions) => Promise<{
        version: number;
        events: {
            version: number;
            type: string;
            schemaVersion: number;
            data: unknown;
            recordedAt: string;
        }[];
    }>;
    matchEvents: (matchId: string, query?: Partial<T.QueryOf<"/v1/matches/{id}/events">>) => Promise<{
        events: {
            version: number;
            type: string;
            schemaVersion: number;
            data: unknown;
            recordedAt: string;
        }[];
        from: number;
        next: number;
        nextFrom: number;
    }>;
    /** Withdraws the last `undo` events from the projection (the log keeps them). */
    correctMatch: (matchId: string, body: T.CorrectionRequest, o?: MatchWriteOptions) => Promise<{
        version: number;
        events: {
            version: number;
            type: string;
            schemaVersion: number;
            data: unknown;
            recordedAt: string;
        }[];
        withdrawn: number[];
        state: unknown;
    }>;
    matchResult: (matchId: string) => Promise<{
        ended: boolean;
        winner: string | null;
        winners: string[];
        score?: {
            [x: string]: number;
        } | undefined;
        version: number;
        game: string;
        players?: {
            [x: string]: {
                id: string;
                name: string;
            };
        } | undefined;
        winningSide?: string | null | undefined;
        reason?: string | undefined;
        logSha256?: string | undefined;
        receipt?: string | undefined;
    }>;
    /** The match's events as they are appended (SSE), resumed with Last-Event-ID after a drop. */
    followMatch: (matchId: string, o?: FollowMatchOptions) => AsyncGenerator<{
        version: number;
        type: string;
        schemaVersion: number;
        data: unknown;
        recordedAt: string;
    }, any, any>;
    /** A read-only token that opens this match's feed (`matchFeedUrl`) or loads its charts, for `EventSource` and `<img>`; at most 10 minutes. */
    createFeedToken: (matchId: string, o?: TokenOptions) => Promise<{
        token: string;
        expiresAt: string;
    }>;
    /** The same for a simulation's progress stream and its chart (`simulationEventsUrl`, `simulationChartUrl`). */
    createSimulationFeedToken: (simulationId: string, o?: TokenOptions) => Promise<{
        token: string;
        expiresAt: string;
    }>;
    /** A seat's token (owner key): whoever holds it reads the match as that player and sends that player's commands. */
    createSeatToken: (matchId: string, playerId: string, o?: TokenOptions) => Promise<T.SeatToken>;
    /** A spectator's token (owner key): reads the public view of the match and its feed; with `delayEvents` n, n events behind the head (contract §9.2). */
    createSpectatorToken: (matchId: string, o?: TokenOptions & {
        delayEvents?: number;
    }) => Promise<T.SpectatorToken>;
    /** Stops every token of that seat (owner key); its open streams close. */
    revokeSeatTokens: (matchId: string, playerId: string) => Promise<void>;
    /** The feed's URL with `?token=` for `new EventSource(url)` (a feed, seat or spectator token). */
    matchFeedUrl: (matchId: string, token: string, o?: {
        from?: number;
    }) => string;
    submitSimulation: (body: T.SimulationRequest) => Promise<{
        id: string;
        status: "queued" | "running" | "completed" | "failed" | "cancelled";
        deduplicated: boolean;
    }>;
    getSimulation: (simulationId: string) => Promise<{
        id: string;
        kind: string;
        status: "queued" | "running" | "completed" | "failed" | "cancelled";
        progress: number;
        iterations: number;
        seed: string;
        createdAt: string;
        completedAt: string | null;
        result?: {
            iterations: number;
            successRate: number;
            outOfActionRate: number;
            expectedMarked: number;
            markedHistogram: {
                marked: number;
                count?: number | undefined;
                rate: number;
            }[];
            byLimb: {
                head: {
                    hitRate: number;
                    expectedMarked: number;
                };
                arms: {
                    hitRate: number;
                    expectedMarked: number;
                };
                torso: {
                    hitRate: number;
                    expectedMarked: number;
                };
                legs: {
                    hitRate: number;
                    expectedMarked: number;
                };
            };
            attacker: {
                expectedMarked: number;
                outOfActionRate: number;
            };
            redirectRate: number;
            noTargetRate: number;
            confidence: {
                level: 0.95;
                successRate: number[];
                outOfActionRate: number[];
                expectedMarked: number[];
                byLimb: {
                    head: {
                        hitRate: number[];
                    };
                    arms: {
                        hitRate: number[];
                    };
                    torso: {
                        hitRate: number[];
                    };
                    legs: {
                        hitRate: number[];
                    };
                };
            };
        } | undefined;
        error?: string | undefined;
    }>;
    cancelSimulation: (simulationId: string) => Promise<{
        id: string;
        kind: string;
        status: "queued" | "running" | "completed" | "failed" | "cancelled";
        progress: number;
        iterations: number;
        seed: string;
        createdAt: string;
        completedAt: string | null;
        result?: {
            iterations: number;
            successRate: number;
            outOfActionRate: number;
            expectedMarked: number;
            markedHistogram: {
                marked: number;
                count?: number | undefined;
                rate: number;
            }[];
            byLimb: {
                head: {
                    hitRate: number;
                    expectedMarked: number;
                };
                arms: {
                    hitRate: number;
                    expectedMarked: number;
                };
                torso: {
                    hitRate: number;
                    expectedMarked: number;
                };
                legs: {
                    hitRate: number;
                    expectedMarked: number;
                };
            };
            attacker: {
                expectedMarked: number;
                outOfActionRate: number;
            };
            redirectRate: number;
            noTargetRate: number;
            confidence: {
                level: 0.95;
                successRate: number[];
                outOfActionRate: number[];
                expectedMarked: number[];
                byLimb: {
                    head: {
                        hitRate: number[];
                    };
                    arms: {
                        hitRate: number[];
                    };
                    torso: {
                        hitRate: number[];
                    };
                    legs: {
                        hitRate: number[];
                    };
                };
            };
        } | undefined;
        error?: string | undefined;
    }>;
    /** Progress events until the final status. */
    followSimulation: (simulationId: string, o?: {
        signal?: AbortSignal;
    }) => AsyncGenerator<import("./streams.js").SimulationUpdate, any, any>;
    /** The progress stream's URL with `?token=` (a simulation feed token) for `EventSource`. */
    simulationEventsUrl: (simulationId: string, token: string) => string;
    /** The chart's URL with `?token=` (a simulation feed token) for `<img src>`: SVG (PNG when a request's Accept prefers it). */
    simulationChartUrl: (simulationId: string, token: string) => string;
    health: () => Promise<{
        status: "ok";
    }>;
};
export type ArbiterClient = ReturnType<typeof createArbiterClient>;
