// Comparable forms of definitions: published versions have every default written out,
// drafts usually do not. Dropping values equal to the JSON Schema's defaults (and empty
// lists / objects) on both sides makes a diff show only real changes.

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function deref(schema: unknown, root: Schema): Schema {
  let s = (isObj(schema) ? schema : {}) as Schema;
  for (let i = 0; i < 20 && typeof s.$ref === "string"; i++) {
    const path = (s.$ref as string).replace(/^#\//, "").split("/");
    let target: unknown = root;
    for (const p of path) target = isObj(target) ? target[p] : undefined;
    const { $ref: _ignored, ...rest } = s;
    void _ignored;
    s = { ...(isObj(target) ? target : {}), ...rest };
  }
  return s;
}

function discriminatorValue(member: Schema, key: string, root: Schema): unknown {
  const props = deref(member, root).properties;
  if (!isObj(props)) return undefined;
  const p = deref(props[key], root);
  if ("const" in p) return p.const;
  if (Array.isArray(p.enum) && p.enum.length === 1) return p.enum[0];
  return p.default;
}

/** The member of a union schema that describes `value`. */
function pick(schema: unknown, value: unknown, root: Schema): Schema {
  const s = deref(schema, root);
  const members = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(members)) return s;
  const candidates = members.map((m) => deref(m, root)).filter((m) => m.type !== "null");
  if (isObj(value)) {
    const disc = isObj(s.discriminator) ? String(s.discriminator.propertyName) : null;
    for (const key of disc ? [disc] : ["step", "by"]) {
      if (key in value) {
        const found = candidates.find((m) => discriminatorValue(m, key, root) === value[key]);
        if (found) return pick(found, value, root);
      }
    }
    const objectLike = candidates.find((m) => m.type === "object" || isObj(m.properties));
    if (objectLike) return objectLike;
  }
  if (Array.isArray(value)) {
    const arrayLike = candidates.find((m) => m.type === "array");
    if (arrayLike) return arrayLike;
  }
  return candidates[0] ?? s;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const DISCRIMINATORS = new Set(["step", "by"]);

export function stripDefaults(value: unknown, schema: unknown, root: Schema): unknown {
  const s = pick(schema, value, root);
  if (Array.isArray(value)) {
    return value.map((item) => stripDefaults(item, s.items ?? {}, root));
  }
  if (isObj(value)) {
    const props = (isObj(s.properties) ? s.properties : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const raw = props[key];
      const ps = raw === undefined ? {} : (raw as Schema);
      const resolved = deref(ps, root);
      const hasDefault = "default" in (ps as Schema) || "default" in resolved;
      const dflt = "default" in (ps as Schema) ? (ps as Schema).default : resolved.default;
      if (!DISCRIMINATORS.has(key)) {
        if (hasDefault && equal(v, dflt)) continue;
        if (v === null && !hasDefault) continue;
      }
      const nv = stripDefaults(v, ps, root);
      if (!DISCRIMINATORS.has(key)) {
        if (Array.isArray(nv) && nv.length === 0 && (!hasDefault || equal(dflt, []))) continue;
        if (isObj(nv) && Object.keys(nv).length === 0 && !hasDefault) continue;
      }
      out[key] = nv;
    }
    return out;
  }
  return value;
}

/** A definition with defaults, nulls and empty collections left out (schema optional). */
export function comparable(definition: unknown, schema: Schema | null): unknown {
  if (schema) return stripDefaults(definition, schema, schema);
  return dropEmpty(definition);
}

function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (isObj(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;
      const nv = dropEmpty(v);
      if (Array.isArray(nv) && nv.length === 0) continue;
      out[k] = nv;
    }
    return out;
  }
  return value;
}
