import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface ReservationRecord {
  reservationId: string;
  restaurantId: string;
  date: string;
  time: string;
  partySize: number;
  name: string;
  createdAt: string;
}

/**
 * Reservations go to an append-only file standing in for the restaurant's booking system. The
 * MCPlet process itself keeps no state between calls (13.1).
 */
export function reservationsFile(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.RESERVATIONS_FILE ?? '.data/restaurant/reservations.jsonl');
}

export function appendReservation(record: ReservationRecord, file = reservationsFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** Favourites and reservation notes live next to the reservations (one data folder per demo server). */
export function siblingFile(name: string, env: Record<string, string | undefined> = process.env): string {
  return join(dirname(reservationsFile(env)), name);
}

/** Appends one JSON line to a file of the demo's data folder. */
export function appendRecord(name: string, record: Record<string, unknown>): void {
  const file = siblingFile(name);
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}
