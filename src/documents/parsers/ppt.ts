// stub
import { fail, type ParsedDoc, type ParseLimits } from "./types";
export function parsePpt(_b: Uint8Array, _l: ParseLimits): ParsedDoc { fail("CONVERSION_FAILED", "todo"); }
