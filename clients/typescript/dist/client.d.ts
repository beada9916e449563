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
        state: {
            game: "anima";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "anima.exploration"?: number | undefined;
                "anima.combat"?: number | undefined;
                "anima.priorEncounter"?: number | undefined;
                "anima.speed"?: number | undefined;
                "anima.turnOrder"?: number | undefined;
                "anima.rewards"?: number | undefined;
                "anima.move"?: number | undefined;
                "anima.seek"?: number | undefined;
                "anima.interactions"?: number | undefined;
                "anima.trade"?: number | undefined;
                "anima.pickup"?: number | undefined;
                "anima.missions"?: number | undefined;
            };
            latest: {
                "anima.exploration"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.combat"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.priorEncounter"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.speed"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.turnOrder"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.rewards"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.move"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.seek"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.interactions"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.trade"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.pickup"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.missions"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            groups: {
                [x: string]: {
                    group: {
                        characters: {
                            name: string;
                            combat: number;
                            speed: number;
                            incapacitated?: boolean | undefined;
                        }[];
                        rested?: boolean | undefined;
                        modifiers?: {
                            combat?: number | undefined;
                            speed?: number | undefined;
                        } | undefined;
                        handSize?: number | undefined;
                    } | null;
                    explorations: number;
                    combats: number;
                    casualties: number;
                };
            };
            phase: "setup" | "start" | "move" | "interaction" | "exploration" | "turn_end" | "ended";
            turn: number;
            turnOrder: string[];
            tieBreaks: {
                speed: number;
                order: string[];
            }[];
            done: string[];
            toAct: string | null;
            choosing: {
                kind: "casualty";
                player: string;
            } | {
                kind: "reward";
                player: string;
                location: string;
            } | {
                kind: "removal";
                player: string;
                source: "deck" | "discard";
                location: number;
                encounter: number;
                gifts?: ({
                    gift: string;
                    character?: string | undefined;
                } | {
                    hidden: true;
                })[] | undefined;
                removal: string[];
                saved: {
                    location: string;
                    by: string;
                    gift?: number | undefined;
                }[];
                deciding: string[];
            } | null;
            soughtBy: string | null;
            groupsInPlay: {
                [x: string]: {
                    characters: {
                        card: number;
                        name: string;
                        combat: number;
                        speed: number;
                        skills: ("ki" | "magic" | "scheme")[];
                        tapped: boolean;
                        incapacitated: boolean;
                    }[];
                    dealt: (number | {
                        hidden: true;
                    })[];
                    handSize: number;
                    location: string | null;
                    arrived: boolean;
                    turnLost: boolean;
                    losesNextTurn: boolean;
                    resting: boolean;
                    rested: boolean;
                    lastRecruit: {
                        location: string;
                        turn: number;
                    } | null;
                    drewWith: string[];
                    missions: ({
                        card: number;
                        name: string;
                        completed: boolean;
                    } | {
                        hidden: true;
                    })[];
                    hand: (number | {
                        hidden: true;
                    })[];
                    giftsDealt: (number | {
                        hidden: true;
                    })[];
                    organisation: number | null;
                    inPlay: number[];
                    bonus: {
                        combat: number;
                        speed: number;
                    };
                    lasting: {
                        combat: number;
                        speed: number;
                    };
                    resist: {
                        mission: string;
                        final: boolean;
                        location: string;
                        progress: number;
                        rounds: number;
                    } | null;
                };
            };
            locations: {
                card: number;
                name: string;
                level: number;
                prior: {
                    card: number | {
                        hidden: true;
                    };
                    faceDown: boolean;
                } | null;
            }[];
            decks: {
                characters: (number | {
                    hidden: true;
                })[];
                locations: (number | {
                    hidden: true;
                })[];
                encounters: (number | {
                    hidden: true;
                })[];
                gifts: (number | {
                    hidden: true;
                })[];
            };
            discards: {
                characters: number[];
                locations: number[];
                encounters: number[];
                gifts: number[];
            };
            finalMission: {
                card: number;
                name: string;
            } | null;
            finalDeck: (number | {
                hidden: true;
            })[];
            multipleMissions: boolean;
            tree: boolean;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "ANIMA-MISSION-3" | undefined;
                winner?: string | undefined;
                mission?: string | undefined;
            };
            missingCards: string[];
            cards: {
                characters: ({
                    name: string;
                    combat: number;
                    speed: number;
                    incapacitated?: boolean | undefined;
                    skills?: ("ki" | "magic" | "scheme")[] | undefined;
                } | {
                    hidden: true;
                })[];
                locations: ({
                    name: string;
                    level: number;
                    table: {
                        min: number;
                        max: number;
                        result: "nothing" | "encounter" | "special";
                        count?: number | undefined;
                        text?: string | undefined;
                        expels?: boolean | undefined;
                        rewardAllowed?: boolean | undefined;
                        losesGifts?: number | undefined;
                    }[];
                    rewards: {
                        kind: "gift" | "recruit" | "mission" | "special";
                        name?: string | undefined;
                        mission?: string | undefined;
                    }[];
                    trade?: boolean | undefined;
                    combatAllowed?: boolean | undefined;
                } | {
                    hidden: true;
                })[];
                encounters: ({
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
                } | {
                    hidden: true;
                })[];
                basicMissions: ({
                    name: string;
                    test: {
                        kind: "combat";
                        enemy: string;
                        combat: number;
                    } | {
                        kind: "speed";
                        difficulty: number;
                    } | {
                        kind: "resist";
                        rounds: number;
                        enemy?: {
                            name: string;
                            combat: number;
                        } | undefined;
                    };
                    benefit?: string | {
                        text?: string | undefined;
                        gifts?: number | undefined;
                        combat?: number | undefined;
                        speed?: number | undefined;
                    } | undefined;
                } | {
                    hidden: true;
                })[];
                finalMissions: ({
                    name: string;
                    test: {
                        kind: "combat";
                        enemy: string;
                        combat: number;
                    } | {
                        kind: "speed";
                        difficulty: number;
                    } | {
                        kind: "resist";
                        rounds: number;
                        enemy?: {
                            name: string;
                            combat: number;
                        } | undefined;
                    };
                    benefit?: string | {
                        text?: string | undefined;
                        gifts?: number | undefined;
                        combat?: number | undefined;
                        speed?: number | undefined;
                    } | undefined;
                } | {
                    hidden: true;
                })[];
                gifts?: ({
                    name: string;
                    category: "ability" | "plot";
                    skill?: "ki" | "magic" | "scheme" | undefined;
                    phase?: "start" | "move" | "interaction" | "exploration" | undefined;
                    timing: "normal" | "interrupt" | "combat";
                    persistent?: boolean | undefined;
                    organisation?: {
                        enemies: string[];
                    } | undefined;
                    combat?: number | undefined;
                    speed?: number | undefined;
                    incapacitates?: boolean | undefined;
                    zeppelin?: boolean | undefined;
                    redirect?: boolean | undefined;
                    text?: string | undefined;
                } | {
                    hidden: true;
                })[] | undefined;
            } | null;
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "eden";
            edition: "es" | "de";
            maxTurns: number;
            options: {
                weather: number;
                territory: boolean;
                infestation: boolean;
            };
            phase: "preparation" | "first_player" | "tactical" | "activation" | "upkeep" | "ended";
            prep: "weather" | "bands" | "bid" | "leaders" | "missions" | "scenery" | "infestation" | "deployment" | "tactic_hands" | "done";
            turn: number;
            firstPlayer: ("A" | "B") | null;
            choosingFirst?: {
                side: "A" | "B";
                rule: string;
            } | undefined;
            bands: {
                A: {
                    player: {
                        id: string;
                        name: string;
                    };
                    bandType: "faction" | "stigma" | {
                        hidden: true;
                    } | null;
                    affiliation: string | {
                        hidden: true;
                    } | null;
                    fighterIds: (string | {
                        hidden: true;
                    })[];
                    strategyPoints: number | {
                        hidden: true;
                    };
                    leader: string | null;
                    mission: {
                        name: string;
                        visibility: "secret" | "revealed";
                        deployment: "confrontation" | "ambush";
                    } | {
                        hidden: true;
                    } | null;
                    deployment: {
                        zone: "confrontation" | "ambush";
                        placements: unknown;
                    } | null;
                    tacticHand: (string | {
                        hidden: true;
                    })[] | null;
                    tacticsPlayed: string[];
                    victoryPoints: number;
                };
                B: {
                    player: {
                        id: string;
                        name: string;
                    };
                    bandType: "faction" | "stigma" | {
                        hidden: true;
                    } | null;
                    affiliation: string | {
                        hidden: true;
                    } | null;
                    fighterIds: (string | {
                        hidden: true;
                    })[];
                    strategyPoints: number | {
                        hidden: true;
                    };
                    leader: string | null;
                    mission: {
                        name: string;
                        visibility: "secret" | "revealed";
                        deployment: "confrontation" | "ambush";
                    } | {
                        hidden: true;
                    } | null;
                    deployment: {
                        zone: "confrontation" | "ambush";
                        placements: unknown;
                    } | null;
                    tacticHand: (string | {
                        hidden: true;
                    })[] | null;
                    tacticsPlayed: string[];
                    victoryPoints: number;
                };
            };
            fighters: {
                [x: string]: {
                    side: ("A" | "B") | "npc";
                    fighter: {
                        id: string;
                        name: string;
                        ref?: string | undefined;
                        faction?: string | undefined;
                        stigma?: string | undefined;
                        types: string[];
                        value: number;
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
                        equipment: {
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
                        }[];
                        wounds: {
                            head: number;
                            arms: number;
                            torso: number;
                            legs: number;
                        };
                        markers: {
                            fire: number;
                            fear: number;
                            rage: number;
                            slow: number;
                            poison: number;
                        };
                        ap: number;
                        npc?: boolean | undefined;
                    };
                    outOfAction: boolean;
                    turn: {
                        activated: boolean;
                        moves: number;
                        attacks: number;
                        engages: number;
                    };
                    itemUses: {
                        [x: string]: {
                            turn: number;
                            game: number;
                        };
                    };
                };
            };
            tactical: {
                acted: ("A" | "B")[];
            };
            activation: {
                opening: boolean;
                lastWasPass: boolean;
                active: string | null;
                lastActivatedSide: ("A" | "B") | null;
            };
            weather: ("normal" | "ionic_storm" | "headwind" | "thick_fog" | "mist" | "acid_rain" | "snowstorm")[];
            infestation: {
                points: {
                    A: number;
                    B: number;
                };
                stopped: ("A" | "B")[];
                next: ("A" | "B") | null;
                level: number | null;
            } | null;
            npcs: {
                [x: string]: {
                    level: number;
                    placedBy: "A" | "B";
                };
            };
            territory: {
                points: {
                    A: number;
                    B: number;
                };
                stopped: ("A" | "B")[];
                next: ("A" | "B") | null;
            } | null;
            scenery: {
                [x: string]: {
                    id: string;
                    element?: string | undefined;
                    rules: {
                        rule: "destruction" | "concealment" | "elevation" | "climb" | "crossable" | "impenetrable" | "inflammable" | "swim" | "obstacle" | "obstruction" | "occupation" | "hostile_presence" | "jump";
                        value?: number | undefined;
                    }[];
                    attacks: number;
                    fire: number;
                    destroyed?: boolean | undefined;
                    owner: ("A" | "B") | null;
                    cost: number;
                };
            };
            mistDeployment: {
                deployed: {
                    A: string[];
                    B: string[];
                };
                next: "A" | "B";
            } | null;
            upkeep: {
                npcsActivated: string[];
                npcNext: ("A" | "B") | null;
            };
            leaderLostTurn: {
                A?: number | undefined;
                B?: number | undefined;
            };
            result: {
                reason: "turns" | "elimination";
                turn: number;
                victoryPoints: {
                    A: number;
                    B: number;
                };
                winner: ("A" | "B") | null;
            } | null;
            otherEvents: number;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "turns" | "elimination" | undefined;
                score: {
                    [x: string]: number;
                };
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "exsilium";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "exsilium.newaruAction"?: number | undefined;
                "exsilium.newaruMove"?: number | undefined;
                "exsilium.respawn"?: number | undefined;
                "exsilium.combat"?: number | undefined;
                "exsilium.victory"?: number | undefined;
                "exsilium.mines"?: number | undefined;
                "exsilium.eliminations"?: number | undefined;
            };
            latest: {
                "exsilium.newaruAction"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.newaruMove"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.respawn"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.combat"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.victory"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.mines"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.eliminations"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            newaru: {
                node: string;
            } | null;
            nodes: {
                id: string;
                tile: string;
                neighbors: string[];
                crystal?: boolean | undefined;
                destroyed?: boolean | undefined;
            }[] | null;
            enemyDecks: {
                basic?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
                intermediate?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
                advanced?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
            };
            table?: {
                phase: "bid" | "turn" | "ended";
                round: number;
                order: string[];
                active: string | null;
                bidders: string[];
                bidRounds: number;
                target: number;
                cards: {
                    [x: string]: {
                        name: string;
                        strength: number;
                        cost?: number | undefined;
                        action?: {
                            kind: "draw" | "exchange" | "eliminate" | "portal" | "cross_border" | "cracking" | "hologram" | "favourable_zone" | "dodge";
                            count?: number | undefined;
                            n?: number | undefined;
                        } | undefined;
                        beforeCombat?: boolean | undefined;
                        secondary?: "drop" | "eliminate" | undefined;
                        faction?: "syl" | "keber" | "vinsan" | "wardun" | undefined;
                        mine?: boolean | undefined;
                    };
                };
                players: {
                    [x: string]: {
                        faction: "syl" | "keber" | "vinsan" | "wardun";
                        activation: string;
                        deck: (string | {
                            hidden: true;
                        })[];
                        hand: (string | {
                            hidden: true;
                        })[];
                        discard: string[];
                        miniatures: {
                            id: string;
                            node: string | null;
                        }[];
                        pool: string[];
                        baralytas: number[];
                        connectionTokens: number;
                        factionTokens: number;
                        abilitySlots: number;
                        upgrades: string[];
                        terminalsLeft: string[];
                        sinkholes: number;
                    };
                };
                revealed: string[];
                deposits: {
                    [x: string]: number | null;
                };
                terminalTokens: string[];
                newaru: {
                    id: string;
                    node: string;
                }[];
                newaruSpawned: number;
                newaruSupply: number | null;
                markers: {
                    [x: string]: "keber" | "syl" | "vinsan" | "wardun";
                };
                supply: (string | {
                    hidden: true;
                })[];
                baralytasDeck: (number | {
                    hidden: true;
                })[];
                enemyDecks: {
                    basic: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                    intermediate: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                    advanced: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                };
                reserve: {
                    syl: number;
                    keber: number;
                    vinsan: number;
                    wardun: number;
                };
                combats: ({
                    kind: "pvp";
                    attacker: {
                        player: string;
                        miniature: string;
                    };
                    defender: {
                        player: string;
                        miniature: string;
                    };
                } | {
                    kind: "newaru";
                    attacker: "player" | "newaru";
                    player: string;
                    miniature: string;
                    newaru: string;
                })[];
                paths: string[][];
                winner: string | null;
                board: {
                    tiles: ({
                        id: string;
                        hidden: true;
                    } | {
                        hidden?: unknown;
                        id: string;
                        start?: string | undefined;
                        activation?: string | undefined;
                        attackerBonus?: number | undefined;
                        noDraw?: boolean | undefined;
                    })[];
                    nodes: ({
                        id: string;
                        tile: string;
                        neighbors: string[];
                        hidden: true;
                    } | {
                        hidden?: unknown;
                        id: string;
                        tile: string;
                        neighbors: string[];
                        crystal?: boolean | undefined;
                        destroyed?: boolean | undefined;
                        terminal?: boolean | undefined;
                        portal?: boolean | undefined;
                        portalSymbol?: string | undefined;
                    })[];
                    borders?: {
                        tiles: string[];
                        n: number;
                    }[] | undefined;
                };
                upgradeDeck: (string | {
                    hidden: true;
                })[] | null;
                upgradeRow: string[];
                controlled: {
                    [x: string]: string;
                };
                dropped: {
                    [x: string]: {
                        card: string | {
                            hidden: true;
                        };
                        faceUp: boolean;
                    };
                };
                destroyed: string[];
                trapped: {
                    player: string;
                    miniature: string;
                } | null;
                slotFilled: boolean;
                hologram: {
                    player: string;
                    miniature: string;
                    node: string;
                    card: string;
                } | null;
                emptyHandLoses: boolean;
                conclusion?: {
                    combat: {
                        kind: "pvp";
                        attacker: {
                            player: string;
                            miniature: string;
                        };
                        defender: {
                            player: string;
                            miniature: string;
                        };
                    } | {
                        kind: "newaru";
                        attacker: "player" | "newaru";
                        player: string;
                        miniature: string;
                        newaru: string;
                    };
                    winner: string;
                    loser: string;
                    discards?: number | undefined;
                    give?: number[] | undefined;
                    supplyCard?: "hand" | string[] | undefined;
                    markerNode?: string[] | undefined;
                } | undefined;
            } | undefined;
            summary?: {
                phase: "bid" | "turn" | "ended";
                round: number;
                active: string | null;
                order: string[];
                winner: string | null;
                target: number;
                players: {
                    [x: string]: {
                        faction: "syl" | "keber" | "vinsan" | "wardun";
                        handSize: number;
                        deckSize: number;
                        discardSize: number;
                        baralytas: number;
                        connectionTokens: number;
                        factionTokens: number;
                        abilitySlots: number;
                        miniatures: {
                            id: string;
                            node: string | null;
                            trapped: boolean;
                        }[];
                        inactive: string[];
                        upgrades: string[];
                        terminals: string[];
                        sinkholes: number;
                    };
                };
                revealed: string[];
                deposits: {
                    [x: string]: number | null;
                };
                newaru: {
                    id: string;
                    node: string;
                }[];
                enemyDecks: {
                    [x: string]: {
                        drawPile: number;
                        discard: number;
                    };
                };
                upgradeRow: {
                    id: string;
                    name: string;
                    cost: number | null;
                }[];
                upgradeDeckSize: number | null;
                supplySize: number;
                markers: {
                    [x: string]: "keber" | "syl" | "vinsan" | "wardun";
                };
                destroyed: string[];
                pendingCombats: number;
            } | undefined;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "EXS-WIN-1" | undefined;
                score?: {
                    [x: string]: number;
                } | undefined;
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "spirit-of-eden";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "soe.goomzPhase"?: number | undefined;
                "soe.playerPhase"?: number | undefined;
                "soe.status"?: number | undefined;
                "soe.turnStart"?: number | undefined;
                "soe.action"?: number | undefined;
                "soe.setup"?: number | undefined;
            };
            latest: {
                "soe.goomzPhase"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.playerPhase"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.status"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.turnStart"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.action"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.setup"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            board: {
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
                    pile: ({
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    } | {
                        hidden: true;
                    })[];
                    claimed?: {
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    }[] | undefined;
                }[] | undefined;
            } | null;
            options: {
                modes: ("classic" | "celestial" | "fearless" | "resurrection" | "devastator" | "scarcity")[];
                actionCards: ("ambush" | "move1" | "move2" | "move3" | "attract" | "push1" | "push2" | "protect" | "recover" | "shortcut" | "swapGoomz" | "swapAllies")[][] | null;
                dSendsAll: boolean;
                protectionEndsWithPhase: boolean;
            };
            phase: "setup" | "turn_start" | "player" | "ended";
            turn: number;
            turnStartBoard: {
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
                    pile: ({
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    } | {
                        hidden: true;
                    })[];
                    claimed?: {
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    }[] | undefined;
                }[] | undefined;
            } | null;
            roll: number[] | null;
            steps: {
                type: "place" | "reroll" | "bonus" | "noa";
                die: number;
                card?: number | undefined;
                discard?: number | undefined;
                value?: number | undefined;
                action?: {
                    type: "move";
                    ally: "water" | "fauna" | "flora";
                    to: string;
                    steps: number;
                } | {
                    type: "attract";
                    ally: "water" | "fauna" | "flora";
                    target: {
                        goomz: "yellow" | "red" | "black";
                    } | {
                        ally: "water" | "fauna" | "flora";
                    };
                } | {
                    type: "push";
                    ally: "water" | "fauna" | "flora";
                    target: {
                        goomz: "yellow" | "red" | "black";
                    } | {
                        ally: "water" | "fauna" | "flora";
                    };
                    to: string;
                    steps: number;
                } | {
                    type: "protect";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "recover";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "shortcut";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "ambush";
                    ally: "water" | "fauna" | "flora";
                    goomz: "yellow" | "red" | "black";
                } | {
                    type: "swapGoomz";
                    pair: ("yellow" | "red" | "black")[];
                } | {
                    type: "swapAllies";
                    pair: ("water" | "fauna" | "flora")[];
                } | undefined;
            }[];
            dice: {
                index: number;
                value: number;
                state: "unused" | "placed" | "discarded";
                card?: number | undefined;
            }[];
            disabledCard: number | null;
            noaPowerUsed: boolean;
            bonusesUsed: number;
            lastGoomzPhase: {
                turn: number;
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
                skipped: ("yellow" | "red" | "black")[];
            } | null;
            result: {
                won: boolean;
                lost: boolean;
                turn: number;
                destroyedPairs: ("waterfall" | "swamp" | "forest" | "mountain")[];
            } | null;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "SOE-END-1" | "SOE-END-2" | undefined;
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        };
        withdrawn?: number[] | undefined;
    }>;
    /**
     * Resolves a command against the match state and appends its events atomically. The command is
     * typed by its `type` (CONTRACT §9.3); `runCommand<'eden'>(…)` accepts only that game's commands and the table's.
     */
    runCommand: <G extends GameId = "anima" | "eden" | "exsilium" | "spirit-of-eden">(matchId: string, body: CommandRequestOf<G>, o?: CommandOptions) => Promise<{
        version: number;
        events: {
            version: number;
            type: string;
            schemaVersion: number;
            data: unknown;
            recordedAt: string;
        }[];
        state: {
            game: "anima";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "anima.exploration"?: number | undefined;
                "anima.combat"?: number | undefined;
                "anima.priorEncounter"?: number | undefined;
                "anima.speed"?: number | undefined;
                "anima.turnOrder"?: number | undefined;
                "anima.rewards"?: number | undefined;
                "anima.move"?: number | undefined;
                "anima.seek"?: number | undefined;
                "anima.interactions"?: number | undefined;
                "anima.trade"?: number | undefined;
                "anima.pickup"?: number | undefined;
                "anima.missions"?: number | undefined;
            };
            latest: {
                "anima.exploration"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.combat"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.priorEncounter"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.speed"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.turnOrder"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.rewards"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.move"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.seek"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.interactions"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.trade"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.pickup"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "anima.missions"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            groups: {
                [x: string]: {
                    group: {
                        characters: {
                            name: string;
                            combat: number;
                            speed: number;
                            incapacitated?: boolean | undefined;
                        }[];
                        rested?: boolean | undefined;
                        modifiers?: {
                            combat?: number | undefined;
                            speed?: number | undefined;
                        } | undefined;
                        handSize?: number | undefined;
                    } | null;
                    explorations: number;
                    combats: number;
                    casualties: number;
                };
            };
            phase: "setup" | "start" | "move" | "interaction" | "exploration" | "turn_end" | "ended";
            turn: number;
            turnOrder: string[];
            tieBreaks: {
                speed: number;
                order: string[];
            }[];
            done: string[];
            toAct: string | null;
            choosing: {
                kind: "casualty";
                player: string;
            } | {
                kind: "reward";
                player: string;
                location: string;
            } | {
                kind: "removal";
                player: string;
                source: "deck" | "discard";
                location: number;
                encounter: number;
                gifts?: ({
                    gift: string;
                    character?: string | undefined;
                } | {
                    hidden: true;
                })[] | undefined;
                removal: string[];
                saved: {
                    location: string;
                    by: string;
                    gift?: number | undefined;
                }[];
                deciding: string[];
            } | null;
            soughtBy: string | null;
            groupsInPlay: {
                [x: string]: {
                    characters: {
                        card: number;
                        name: string;
                        combat: number;
                        speed: number;
                        skills: ("ki" | "magic" | "scheme")[];
                        tapped: boolean;
                        incapacitated: boolean;
                    }[];
                    dealt: (number | {
                        hidden: true;
                    })[];
                    handSize: number;
                    location: string | null;
                    arrived: boolean;
                    turnLost: boolean;
                    losesNextTurn: boolean;
                    resting: boolean;
                    rested: boolean;
                    lastRecruit: {
                        location: string;
                        turn: number;
                    } | null;
                    drewWith: string[];
                    missions: ({
                        card: number;
                        name: string;
                        completed: boolean;
                    } | {
                        hidden: true;
                    })[];
                    hand: (number | {
                        hidden: true;
                    })[];
                    giftsDealt: (number | {
                        hidden: true;
                    })[];
                    organisation: number | null;
                    inPlay: number[];
                    bonus: {
                        combat: number;
                        speed: number;
                    };
                    lasting: {
                        combat: number;
                        speed: number;
                    };
                    resist: {
                        mission: string;
                        final: boolean;
                        location: string;
                        progress: number;
                        rounds: number;
                    } | null;
                };
            };
            locations: {
                card: number;
                name: string;
                level: number;
                prior: {
                    card: number | {
                        hidden: true;
                    };
                    faceDown: boolean;
                } | null;
            }[];
            decks: {
                characters: (number | {
                    hidden: true;
                })[];
                locations: (number | {
                    hidden: true;
                })[];
                encounters: (number | {
                    hidden: true;
                })[];
                gifts: (number | {
                    hidden: true;
                })[];
            };
            discards: {
                characters: number[];
                locations: number[];
                encounters: number[];
                gifts: number[];
            };
            finalMission: {
                card: number;
                name: string;
            } | null;
            finalDeck: (number | {
                hidden: true;
            })[];
            multipleMissions: boolean;
            tree: boolean;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "ANIMA-MISSION-3" | undefined;
                winner?: string | undefined;
                mission?: string | undefined;
            };
            missingCards: string[];
            cards: {
                characters: ({
                    name: string;
                    combat: number;
                    speed: number;
                    incapacitated?: boolean | undefined;
                    skills?: ("ki" | "magic" | "scheme")[] | undefined;
                } | {
                    hidden: true;
                })[];
                locations: ({
                    name: string;
                    level: number;
                    table: {
                        min: number;
                        max: number;
                        result: "nothing" | "encounter" | "special";
                        count?: number | undefined;
                        text?: string | undefined;
                        expels?: boolean | undefined;
                        rewardAllowed?: boolean | undefined;
                        losesGifts?: number | undefined;
                    }[];
                    rewards: {
                        kind: "gift" | "recruit" | "mission" | "special";
                        name?: string | undefined;
                        mission?: string | undefined;
                    }[];
                    trade?: boolean | undefined;
                    combatAllowed?: boolean | undefined;
                } | {
                    hidden: true;
                })[];
                encounters: ({
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
                } | {
                    hidden: true;
                })[];
                basicMissions: ({
                    name: string;
                    test: {
                        kind: "combat";
                        enemy: string;
                        combat: number;
                    } | {
                        kind: "speed";
                        difficulty: number;
                    } | {
                        kind: "resist";
                        rounds: number;
                        enemy?: {
                            name: string;
                            combat: number;
                        } | undefined;
                    };
                    benefit?: string | {
                        text?: string | undefined;
                        gifts?: number | undefined;
                        combat?: number | undefined;
                        speed?: number | undefined;
                    } | undefined;
                } | {
                    hidden: true;
                })[];
                finalMissions: ({
                    name: string;
                    test: {
                        kind: "combat";
                        enemy: string;
                        combat: number;
                    } | {
                        kind: "speed";
                        difficulty: number;
                    } | {
                        kind: "resist";
                        rounds: number;
                        enemy?: {
                            name: string;
                            combat: number;
                        } | undefined;
                    };
                    benefit?: string | {
                        text?: string | undefined;
                        gifts?: number | undefined;
                        combat?: number | undefined;
                        speed?: number | undefined;
                    } | undefined;
                } | {
                    hidden: true;
                })[];
                gifts?: ({
                    name: string;
                    category: "ability" | "plot";
                    skill?: "ki" | "magic" | "scheme" | undefined;
                    phase?: "start" | "move" | "interaction" | "exploration" | undefined;
                    timing: "normal" | "interrupt" | "combat";
                    persistent?: boolean | undefined;
                    organisation?: {
                        enemies: string[];
                    } | undefined;
                    combat?: number | undefined;
                    speed?: number | undefined;
                    incapacitates?: boolean | undefined;
                    zeppelin?: boolean | undefined;
                    redirect?: boolean | undefined;
                    text?: string | undefined;
                } | {
                    hidden: true;
                })[] | undefined;
            } | null;
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "eden";
            edition: "es" | "de";
            maxTurns: number;
            options: {
                weather: number;
                territory: boolean;
                infestation: boolean;
            };
            phase: "preparation" | "first_player" | "tactical" | "activation" | "upkeep" | "ended";
            prep: "weather" | "bands" | "bid" | "leaders" | "missions" | "scenery" | "infestation" | "deployment" | "tactic_hands" | "done";
            turn: number;
            firstPlayer: ("A" | "B") | null;
            choosingFirst?: {
                side: "A" | "B";
                rule: string;
            } | undefined;
            bands: {
                A: {
                    player: {
                        id: string;
                        name: string;
                    };
                    bandType: "faction" | "stigma" | {
                        hidden: true;
                    } | null;
                    affiliation: string | {
                        hidden: true;
                    } | null;
                    fighterIds: (string | {
                        hidden: true;
                    })[];
                    strategyPoints: number | {
                        hidden: true;
                    };
                    leader: string | null;
                    mission: {
                        name: string;
                        visibility: "secret" | "revealed";
                        deployment: "confrontation" | "ambush";
                    } | {
                        hidden: true;
                    } | null;
                    deployment: {
                        zone: "confrontation" | "ambush";
                        placements: unknown;
                    } | null;
                    tacticHand: (string | {
                        hidden: true;
                    })[] | null;
                    tacticsPlayed: string[];
                    victoryPoints: number;
                };
                B: {
                    player: {
                        id: string;
                        name: string;
                    };
                    bandType: "faction" | "stigma" | {
                        hidden: true;
                    } | null;
                    affiliation: string | {
                        hidden: true;
                    } | null;
                    fighterIds: (string | {
                        hidden: true;
                    })[];
                    strategyPoints: number | {
                        hidden: true;
                    };
                    leader: string | null;
                    mission: {
                        name: string;
                        visibility: "secret" | "revealed";
                        deployment: "confrontation" | "ambush";
                    } | {
                        hidden: true;
                    } | null;
                    deployment: {
                        zone: "confrontation" | "ambush";
                        placements: unknown;
                    } | null;
                    tacticHand: (string | {
                        hidden: true;
                    })[] | null;
                    tacticsPlayed: string[];
                    victoryPoints: number;
                };
            };
            fighters: {
                [x: string]: {
                    side: ("A" | "B") | "npc";
                    fighter: {
                        id: string;
                        name: string;
                        ref?: string | undefined;
                        faction?: string | undefined;
                        stigma?: string | undefined;
                        types: string[];
                        value: number;
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
                        equipment: {
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
                        }[];
                        wounds: {
                            head: number;
                            arms: number;
                            torso: number;
                            legs: number;
                        };
                        markers: {
                            fire: number;
                            fear: number;
                            rage: number;
                            slow: number;
                            poison: number;
                        };
                        ap: number;
                        npc?: boolean | undefined;
                    };
                    outOfAction: boolean;
                    turn: {
                        activated: boolean;
                        moves: number;
                        attacks: number;
                        engages: number;
                    };
                    itemUses: {
                        [x: string]: {
                            turn: number;
                            game: number;
                        };
                    };
                };
            };
            tactical: {
                acted: ("A" | "B")[];
            };
            activation: {
                opening: boolean;
                lastWasPass: boolean;
                active: string | null;
                lastActivatedSide: ("A" | "B") | null;
            };
            weather: ("normal" | "ionic_storm" | "headwind" | "thick_fog" | "mist" | "acid_rain" | "snowstorm")[];
            infestation: {
                points: {
                    A: number;
                    B: number;
                };
                stopped: ("A" | "B")[];
                next: ("A" | "B") | null;
                level: number | null;
            } | null;
            npcs: {
                [x: string]: {
                    level: number;
                    placedBy: "A" | "B";
                };
            };
            territory: {
                points: {
                    A: number;
                    B: number;
                };
                stopped: ("A" | "B")[];
                next: ("A" | "B") | null;
            } | null;
            scenery: {
                [x: string]: {
                    id: string;
                    element?: string | undefined;
                    rules: {
                        rule: "destruction" | "concealment" | "elevation" | "climb" | "crossable" | "impenetrable" | "inflammable" | "swim" | "obstacle" | "obstruction" | "occupation" | "hostile_presence" | "jump";
                        value?: number | undefined;
                    }[];
                    attacks: number;
                    fire: number;
                    destroyed?: boolean | undefined;
                    owner: ("A" | "B") | null;
                    cost: number;
                };
            };
            mistDeployment: {
                deployed: {
                    A: string[];
                    B: string[];
                };
                next: "A" | "B";
            } | null;
            upkeep: {
                npcsActivated: string[];
                npcNext: ("A" | "B") | null;
            };
            leaderLostTurn: {
                A?: number | undefined;
                B?: number | undefined;
            };
            result: {
                reason: "turns" | "elimination";
                turn: number;
                victoryPoints: {
                    A: number;
                    B: number;
                };
                winner: ("A" | "B") | null;
            } | null;
            otherEvents: number;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "turns" | "elimination" | undefined;
                score: {
                    [x: string]: number;
                };
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "exsilium";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "exsilium.newaruAction"?: number | undefined;
                "exsilium.newaruMove"?: number | undefined;
                "exsilium.respawn"?: number | undefined;
                "exsilium.combat"?: number | undefined;
                "exsilium.victory"?: number | undefined;
                "exsilium.mines"?: number | undefined;
                "exsilium.eliminations"?: number | undefined;
            };
            latest: {
                "exsilium.newaruAction"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.newaruMove"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.respawn"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.combat"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.victory"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.mines"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "exsilium.eliminations"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            newaru: {
                node: string;
            } | null;
            nodes: {
                id: string;
                tile: string;
                neighbors: string[];
                crystal?: boolean | undefined;
                destroyed?: boolean | undefined;
            }[] | null;
            enemyDecks: {
                basic?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
                intermediate?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
                advanced?: {
                    drawPile: ({
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    } | {
                        hidden: true;
                    })[];
                    discard: {
                        name: string;
                        kind: "attack" | "effect";
                        damage?: number | undefined;
                        evadable?: boolean | undefined;
                        chain?: boolean | undefined;
                        drawOutcome?: boolean | undefined;
                        bonus?: number | undefined;
                    }[];
                } | undefined;
            };
            table?: {
                phase: "bid" | "turn" | "ended";
                round: number;
                order: string[];
                active: string | null;
                bidders: string[];
                bidRounds: number;
                target: number;
                cards: {
                    [x: string]: {
                        name: string;
                        strength: number;
                        cost?: number | undefined;
                        action?: {
                            kind: "draw" | "exchange" | "eliminate" | "portal" | "cross_border" | "cracking" | "hologram" | "favourable_zone" | "dodge";
                            count?: number | undefined;
                            n?: number | undefined;
                        } | undefined;
                        beforeCombat?: boolean | undefined;
                        secondary?: "drop" | "eliminate" | undefined;
                        faction?: "syl" | "keber" | "vinsan" | "wardun" | undefined;
                        mine?: boolean | undefined;
                    };
                };
                players: {
                    [x: string]: {
                        faction: "syl" | "keber" | "vinsan" | "wardun";
                        activation: string;
                        deck: (string | {
                            hidden: true;
                        })[];
                        hand: (string | {
                            hidden: true;
                        })[];
                        discard: string[];
                        miniatures: {
                            id: string;
                            node: string | null;
                        }[];
                        pool: string[];
                        baralytas: number[];
                        connectionTokens: number;
                        factionTokens: number;
                        abilitySlots: number;
                        upgrades: string[];
                        terminalsLeft: string[];
                        sinkholes: number;
                    };
                };
                revealed: string[];
                deposits: {
                    [x: string]: number | null;
                };
                terminalTokens: string[];
                newaru: {
                    id: string;
                    node: string;
                }[];
                newaruSpawned: number;
                newaruSupply: number | null;
                markers: {
                    [x: string]: "keber" | "syl" | "vinsan" | "wardun";
                };
                supply: (string | {
                    hidden: true;
                })[];
                baralytasDeck: (number | {
                    hidden: true;
                })[];
                enemyDecks: {
                    basic: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                    intermediate: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                    advanced: {
                        drawPile: ({
                            name: string;
                            kind: "attack" | "effect";
                            damage?: number | undefined;
                            evadable?: boolean | undefined;
                            chain?: boolean | undefined;
                            drawOutcome?: boolean | undefined;
                            bonus?: number | undefined;
                        } | {
                            hidden: true;
                        })[];
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
                };
                reserve: {
                    syl: number;
                    keber: number;
                    vinsan: number;
                    wardun: number;
                };
                combats: ({
                    kind: "pvp";
                    attacker: {
                        player: string;
                        miniature: string;
                    };
                    defender: {
                        player: string;
                        miniature: string;
                    };
                } | {
                    kind: "newaru";
                    attacker: "player" | "newaru";
                    player: string;
                    miniature: string;
                    newaru: string;
                })[];
                paths: string[][];
                winner: string | null;
                board: {
                    tiles: ({
                        id: string;
                        hidden: true;
                    } | {
                        hidden?: unknown;
                        id: string;
                        start?: string | undefined;
                        activation?: string | undefined;
                        attackerBonus?: number | undefined;
                        noDraw?: boolean | undefined;
                    })[];
                    nodes: ({
                        id: string;
                        tile: string;
                        neighbors: string[];
                        hidden: true;
                    } | {
                        hidden?: unknown;
                        id: string;
                        tile: string;
                        neighbors: string[];
                        crystal?: boolean | undefined;
                        destroyed?: boolean | undefined;
                        terminal?: boolean | undefined;
                        portal?: boolean | undefined;
                        portalSymbol?: string | undefined;
                    })[];
                    borders?: {
                        tiles: string[];
                        n: number;
                    }[] | undefined;
                };
                upgradeDeck: (string | {
                    hidden: true;
                })[] | null;
                upgradeRow: string[];
                controlled: {
                    [x: string]: string;
                };
                dropped: {
                    [x: string]: {
                        card: string | {
                            hidden: true;
                        };
                        faceUp: boolean;
                    };
                };
                destroyed: string[];
                trapped: {
                    player: string;
                    miniature: string;
                } | null;
                slotFilled: boolean;
                hologram: {
                    player: string;
                    miniature: string;
                    node: string;
                    card: string;
                } | null;
                emptyHandLoses: boolean;
                conclusion?: {
                    combat: {
                        kind: "pvp";
                        attacker: {
                            player: string;
                            miniature: string;
                        };
                        defender: {
                            player: string;
                            miniature: string;
                        };
                    } | {
                        kind: "newaru";
                        attacker: "player" | "newaru";
                        player: string;
                        miniature: string;
                        newaru: string;
                    };
                    winner: string;
                    loser: string;
                    discards?: number | undefined;
                    give?: number[] | undefined;
                    supplyCard?: "hand" | string[] | undefined;
                    markerNode?: string[] | undefined;
                } | undefined;
            } | undefined;
            summary?: {
                phase: "bid" | "turn" | "ended";
                round: number;
                active: string | null;
                order: string[];
                winner: string | null;
                target: number;
                players: {
                    [x: string]: {
                        faction: "syl" | "keber" | "vinsan" | "wardun";
                        handSize: number;
                        deckSize: number;
                        discardSize: number;
                        baralytas: number;
                        connectionTokens: number;
                        factionTokens: number;
                        abilitySlots: number;
                        miniatures: {
                            id: string;
                            node: string | null;
                            trapped: boolean;
                        }[];
                        inactive: string[];
                        upgrades: string[];
                        terminals: string[];
                        sinkholes: number;
                    };
                };
                revealed: string[];
                deposits: {
                    [x: string]: number | null;
                };
                newaru: {
                    id: string;
                    node: string;
                }[];
                enemyDecks: {
                    [x: string]: {
                        drawPile: number;
                        discard: number;
                    };
                };
                upgradeRow: {
                    id: string;
                    name: string;
                    cost: number | null;
                }[];
                upgradeDeckSize: number | null;
                supplySize: number;
                markers: {
                    [x: string]: "keber" | "syl" | "vinsan" | "wardun";
                };
                destroyed: string[];
                pendingCombats: number;
            } | undefined;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "EXS-WIN-1" | undefined;
                score?: {
                    [x: string]: number;
                } | undefined;
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        } | {
            game: "spirit-of-eden";
            players: {
                id: string;
                name: string;
            }[];
            resolutions: number;
            byKind: {
                "soe.goomzPhase"?: number | undefined;
                "soe.playerPhase"?: number | undefined;
                "soe.status"?: number | undefined;
                "soe.turnStart"?: number | undefined;
                "soe.action"?: number | undefined;
                "soe.setup"?: number | undefined;
            };
            latest: {
                "soe.goomzPhase"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.playerPhase"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.status"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.turnStart"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.action"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
                "soe.setup"?: {
                    request: unknown;
                    result: unknown;
                } | undefined;
            };
            otherEvents: number;
            board: {
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
                    pile: ({
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    } | {
                        hidden: true;
                    })[];
                    claimed?: {
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    }[] | undefined;
                }[] | undefined;
            } | null;
            options: {
                modes: ("classic" | "celestial" | "fearless" | "resurrection" | "devastator" | "scarcity")[];
                actionCards: ("ambush" | "move1" | "move2" | "move3" | "attract" | "push1" | "push2" | "protect" | "recover" | "shortcut" | "swapGoomz" | "swapAllies")[][] | null;
                dSendsAll: boolean;
                protectionEndsWithPhase: boolean;
            };
            phase: "setup" | "turn_start" | "player" | "ended";
            turn: number;
            turnStartBoard: {
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
                    pile: ({
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    } | {
                        hidden: true;
                    })[];
                    claimed?: {
                        ally?: "water" | "fauna" | "flora" | undefined;
                        terrain?: "waterfall" | "swamp" | "forest" | "mountain" | undefined;
                        dieBonus?: boolean | undefined;
                    }[] | undefined;
                }[] | undefined;
            } | null;
            roll: number[] | null;
            steps: {
                type: "place" | "reroll" | "bonus" | "noa";
                die: number;
                card?: number | undefined;
                discard?: number | undefined;
                value?: number | undefined;
                action?: {
                    type: "move";
                    ally: "water" | "fauna" | "flora";
                    to: string;
                    steps: number;
                } | {
                    type: "attract";
                    ally: "water" | "fauna" | "flora";
                    target: {
                        goomz: "yellow" | "red" | "black";
                    } | {
                        ally: "water" | "fauna" | "flora";
                    };
                } | {
                    type: "push";
                    ally: "water" | "fauna" | "flora";
                    target: {
                        goomz: "yellow" | "red" | "black";
                    } | {
                        ally: "water" | "fauna" | "flora";
                    };
                    to: string;
                    steps: number;
                } | {
                    type: "protect";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "recover";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "shortcut";
                    ally: "water" | "fauna" | "flora";
                } | {
                    type: "ambush";
                    ally: "water" | "fauna" | "flora";
                    goomz: "yellow" | "red" | "black";
                } | {
                    type: "swapGoomz";
                    pair: ("yellow" | "red" | "black")[];
                } | {
                    type: "swapAllies";
                    pair: ("water" | "fauna" | "flora")[];
                } | undefined;
            }[];
            dice: {
                index: number;
                value: number;
                state: "unused" | "placed" | "discarded";
                card?: number | undefined;
            }[];
            disabledCard: number | null;
            noaPowerUsed: boolean;
            bonusesUsed: number;
            lastGoomzPhase: {
                turn: number;
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
                skipped: ("yellow" | "red" | "black")[];
            } | null;
            result: {
                won: boolean;
                lost: boolean;
                turn: number;
                destroyedPairs: ("waterfall" | "swamp" | "forest" | "mountain")[];
            } | null;
            outcome: {
                ended: boolean;
                winners: string[];
                reason?: "SOE-END-1" | "SOE-END-2" | undefined;
            };
            pending: {
                player: string;
                kind: "sealed" | "response" | "choice" | "agreement";
                types: string[];
                rule: string;
                since: number;
                decided?: true | undefined;
            }[];
        };
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
