/** French formatting of the dashboard's figures: counts, percentages, times (Abidjan time). F CFA amounts: lib/money.ts. */
import { formatFcfa } from "./money";

const NBSP = "\u00a0";
const TIME_ZONE = "Africa/Abidjan";

/** 1247 -> "1 247" with no-break spaces; a decimal comma. */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  const [integer, fraction] = Math.abs(value).toFixed(maximumFractionDigits).split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const trimmed = fraction?.replace(/0+$/, "");
  return `${value < 0 ? "-" : ""}${grouped}${trimmed ? `,${trimmed}` : ""}`;
}

/** A figure with its unit as the API names it ("%", "F CFA", "conversations", "min"...). */
export function formatFigure(value: number | string | null, unit: string): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  const number = formatNumber(value, unit === "%" ? 1 : Number.isInteger(value) ? 0 : 1);
  if (!unit) return number;
  if (unit === "%") return `${number}${NBSP}%`;
  if (unit === "F CFA") return formatFcfa(value);
  // French singular below 2: "1 conversation", "0 commande".
  const word = Math.abs(value) < 2 && /^[a-zà-ÿ]+s$/i.test(unit) ? unit.slice(0, -1) : unit;
  return `${number}${NBSP}${word.replace(/ /g, NBSP)}`;
}

export function formatChange(change: number | null): string | null {
  if (change === null || change === undefined) return null;
  return `${change > 0 ? "+" : ""}${formatNumber(change, 1)}${NBSP}%`;
}

const timeFormat = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: TIME_ZONE });
const fullFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE,
});

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** Today: "14:32"; yesterday: "Hier"; otherwise "12 nov.". */
export function formatShortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (dayKey(date) === dayKey(now)) return timeFormat.format(date);
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (dayKey(date) === dayKey(yesterday)) return "Hier";
  return dayFormat.format(date);
}

/** "il y a 5 min", "il y a 3 h", "il y a 2 j", or a date past a week. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (seconds < 60) return "à l'instant";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `il y a ${minutes}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours}${NBSP}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `il y a ${days}${NBSP}j`;
  return dayFormat.format(date);
}

export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** "2026-12-01" -> "mardi 1 décembre 2026". */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T12:00:00Z` : isoDate);
  return fullFormat.format(date);
}

/** A value for <input type="datetime-local">, in Abidjan time (UTC). */
export function toDateTimeLocal(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** <input type="datetime-local"> gives Abidjan wall time, which is UTC. */
export function fromDateTimeLocal(value: string): string {
  return new Date(`${value}:00Z`).toISOString();
}

export function initials(prenom?: string | null, nom?: string | null): string {
  const letters = [prenom, nom].map((part) => (part ?? "").trim().charAt(0).toUpperCase()).join("");
  return letters || "?";
}

const monthYearFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: TIME_ZONE });

/** The join date as SPEC.md shows it: month and year in French ("novembre 2026"). */
export const formatMonthYear = (iso: string) => monthYearFormat.format(new Date(iso));
