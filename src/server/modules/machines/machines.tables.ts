import type { ColumnType, Selectable } from 'kysely';
import type { MachineFormat, StopReason } from '../../../domain/machines/machines.schema.js';

/** The company's MQTT broker; the password only sealed (platform/secrets.ts). */
export interface MachineBrokersTable {
  company_id: string;
  url: string;
  username: string | null;
  password_sealed: string | null;
  updated_at: Date;
}

/** A station's link to its machine's topic, with the bookkeeping of the messages taken. */
export interface MachineLinksTable {
  station_id: string;
  company_id: string;
  /** The link's own id: the acting user id of what its machine reports. */
  id: string;
  topic: string;
  format: MachineFormat;
  scrap_reason_id: string | null;
  default_stop_reason_id: string | null;
  stop_reasons: ColumnType<StopReason[], string, string>;
  /** bigint: arrives from pg as a string. */
  last_counter: ColumnType<string | null, number | null, number | null>;
  /** The interruption the machine's last stop opened, until its "running" resolves it. */
  open_interruption_id: string | null;
  last_message_at: Date | null;
  updated_at: Date;
}

export type MachineBrokerRow = Selectable<MachineBrokersTable>;
export type MachineLinkRow = Selectable<MachineLinksTable>;

declare module '../../platform/db.js' {
  interface Tables {
    machine_brokers: MachineBrokersTable;
    machine_links: MachineLinksTable;
  }
}
