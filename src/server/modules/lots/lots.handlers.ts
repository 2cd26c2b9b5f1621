import { randomUUID } from 'node:crypto';
import type { LotCommand } from '../../../domain/lots/lot.commands.js';
import { lotDecider, type LotState } from '../../../domain/lots/lot.decider.js';
import { LOT_STREAM_TYPE, lotStreamId } from '../../../domain/lots/lot.events.js';
import type { ConsumeLotInput, ReceiveLotInput } from '../../../domain/lots/lot.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, staleCopy, type CommandContext } from '../../platform/command.js';
import { findMaterial } from '../materials/index.js';
import { findOrderRow } from '../orders/index.js';
import type { ReceivedCertificate } from './lot-certificate.files.js';
import { takeLotNumber } from './lots.projection.js';

const lotStream = (lotId: string) => ({ id: lotStreamId(lotId), type: LOT_STREAM_TYPE });

/** Another company's lot looks absent (row-level security): 404. */
const lotMustExist = ({ state }: { state: LotState }) => (state.status === 'absent' ? new DomainError('NOT_FOUND') : undefined);

const staleLot = () => staleCopy('This lot was changed meanwhile. Reload it and try again.');

/** Records the goods receipt of one lot (docs/quality-and-lots.md, Lots): the order and material looked up in the company. Answers the new lot's id. */
export async function receiveLot(ctx: CommandContext, input: ReceiveLotInput): Promise<string> {
  const lotId = randomUUID();
  const order = await findOrderRow(ctx.tx, input.orderId);
  const position = order?.state.positions.find((candidate) => candidate.materialId === input.materialId);
  const material = await findMaterial(ctx.tx, input.materialId);
  const command: LotCommand = {
    type: 'ReceiveLot',
    lotId,
    number: '',
    order: order ? { orderId: order.id, orderNumber: order.order_number, supplier: order.name, kind: order.kind, status: order.status } : null,
    material: material
      ? {
          materialId: material.id,
          materialName: material.name,
          materialNumber: material.materialNumber,
          unit: material.stock.unit,
          onOrder: position !== undefined,
        }
      : null,
    supplierLotNumber: input.supplierLotNumber,
    quantity: input.quantity,
    receivedOn: input.receivedOn,
    at: ctx.at,
  };
  // The number is taken only for a receipt the decider takes, so a refused one leaves no gap.
  const refused = lotDecider.decide(command, lotDecider.initialState);
  if (refused instanceof DomainError) throw refused;
  await handleCommand(ctx, lotDecider, lotStream(lotId), { ...command, number: await takeLotNumber(ctx.tx, ctx.companyId) });
  return lotId;
}

/**
 * A production order consumed some of a lot at the station. What is left is checked on the lot as it is
 * in the appending transaction: of two consumptions at once the second is decided again on what the first
 * left (a retry on the stream's version), so the two never take more than the lot holds.
 */
export async function consumeLot(ctx: CommandContext, lotId: string, input: ConsumeLotInput): Promise<void> {
  const order = await findOrderRow(ctx.tx, input.orderId);
  const command: LotCommand = {
    type: 'ConsumeLot',
    order: order ? { orderId: order.id, orderNumber: order.order_number, kind: order.kind, status: order.status } : null,
    quantity: input.quantity,
    ...(input.materialId === undefined ? {} : { materialId: input.materialId }),
    consumedBy: ctx.actor?.userId ?? '',
    at: ctx.at,
  };
  await handleCommand(ctx, lotDecider, lotStream(lotId), command, {
    precondition: lotMustExist,
    clientVersion: input.version,
    conflict: staleLot,
    retriesOnConflict: 3,
  });
}

/** Records a certificate whose bytes were received already; they are moved into place inside the transaction. */
export async function attachCertificate(ctx: CommandContext, lotId: string, received: ReceivedCertificate, fileName: string): Promise<void> {
  const command: LotCommand = { type: 'AttachCertificate', certificateId: received.certificateId, fileName, size: received.size, at: ctx.at };
  await handleCommand(ctx, lotDecider, lotStream(lotId), command, { precondition: lotMustExist, conflict: staleLot, retriesOnConflict: 2 });
  await received.keep();
}
