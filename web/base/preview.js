// A share link of format 3 (pyrules.share) carries, beside its record, the preview its sharer's rules made of it
// (pyrules.preview): read here without the rules, so that a friend sees the story from the page's first second. The
// link is untrusted: one that is not whole (its CRC-32 does not match), not format 3, or past a link's limits has no
// preview, and the rules say what is wrong with it once they have loaded.
import { crc32 } from "./i18n.js";

const MAX_CODE = 16_000; // pyrules.share.MAX_CODE, MAX_JSON
const MAX_JSON = 400_000;

/**
 * The record (or adventure) a link carries and its preview, or null.
 * @param {string} hash the address's fragment: "#f=3.…" or "#a=3.…"
 * @returns {Promise<[Record<string, any>, any] | null>}
 */
export async function read(hash) {
  const code = hash.slice(3);
  if (!/^#[fa]=3\./.test(hash) || code.length > MAX_CODE || typeof DecompressionStream === "undefined") return null;
  try {
    const packed = Uint8Array.from(atob(code.slice(2).replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const check = new DataView(packed.buffer).getUint32(packed.length - 4);
    const stream = new Blob([packed.subarray(0, -4)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const text = new Uint8Array(await new Response(stream).arrayBuffer());
    if (text.length > MAX_JSON || crc32(text) !== check) return null;
    const pair = JSON.parse(new TextDecoder().decode(text));
    return Array.isArray(pair) && pair.length === 2 && pair[0] && typeof pair[0] === "object"
      ? /** @type {[Record<string, any>, any]} */ (pair) : null;
  } catch {
    return null; // damaged: the rules refuse it, with their words
  }
}
