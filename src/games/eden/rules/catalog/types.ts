/** Shared shapes of the EDEN catalog (EDEN-DOC-1: ES and DE are different printings). */
export type EditionId = 'es' | 'de';

/** A name as printed in each edition (absent when that printing does not have it) plus English. */
export interface PrintedNames {
  en: string;
  es?: string;
  de?: string;
}

/** Every catalog entry says which printing(s) it comes from. */
export interface Tagged {
  editions: EditionId[];
}
