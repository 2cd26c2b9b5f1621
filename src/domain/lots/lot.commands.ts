import type { LotMaterial } from './lot.events.js';

/** The goods receipt as the decider reads it: the order and its material looked up in the company (null: not one of the order's, or not delivered). */
export interface ReceiveLot {
  type: 'ReceiveLot';
  lotId: string;
  number: string;
  order: { orderId: string; orderNumber: string; supplier: string; kind: string; status: string } | null;
  material: (LotMaterial & { onOrder: boolean }) | null;
  supplierLotNumber: string;
  quantity: number;
  receivedOn: string;
  at: string;
}

export interface ProduceLot {
  type: 'ProduceLot';
  lotId: string;
  number: string;
  material: LotMaterial;
  orderId: string;
  orderNumber: string;
  quantity: number;
  /** A material with serial numbers: one per finished piece, taken from the company's counter (else absent). */
  serials?: string[];
  at: string;
}

export interface AttachCertificate {
  type: 'AttachCertificate';
  certificateId: string;
  fileName: string;
  size: number;
  at: string;
}

/** A consumption at the station: the production order looked up in the company (null: none of its production orders, or done). */
export interface ConsumeLot {
  type: 'ConsumeLot';
  order: { orderId: string; orderNumber: string; kind: string; status: string } | null;
  quantity: number;
  /** The component the station books the lot for (its BOM line): another material's lot is refused. Absent: any material. */
  materialId?: string;
  consumedBy: string;
  at: string;
}

export type LotCommand = ReceiveLot | ProduceLot | AttachCertificate | ConsumeLot;
