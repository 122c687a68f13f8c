// One colour per role, everywhere (simulation charts, comparison charts, tables, legends).
// Outcome colours (win / draw / loss) are separate and never used for a role.

export const ROLES = ["emperor", "guard", "rebel", "solo"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_COLORS: Record<Role, string> = {
  emperor: "#b8862b", // gold: the throne
  guard: "#1565c0", // blue
  rebel: "#6a1b9a", // purple
  solo: "#00838f", // teal: the emperor alone
};

/** The sides of the comparison's per-seat figures take their leader's colour. */
const ALIASES: Record<string, Role> = { royal_side: "emperor", rebel_side: "rebel" };

const NEUTRAL = "#607d8b";

/** The colour of a role (or a side); grey for anything else (per-game figures). */
export function roleColor(role: string | null | undefined): string {
  if (!role) return NEUTRAL;
  if (role in ROLE_COLORS) return ROLE_COLORS[role as Role];
  if (role in ALIASES) return ROLE_COLORS[ALIASES[role]];
  return NEUTRAL;
}

export const OUTCOME_COLORS = {
  win: "#2e7d32",
  draw: "#9e9e9e",
  loss: "#c62828",
} as const;
