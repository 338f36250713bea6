// requirements#courier-remittance-import: finance's "Import from courier": the courier's COD remittance report for some
// days, each transfer recorded by its UTR (once) through the same `recordCodRemittance` as a
// transfer typed by hand, matched parcel by parcel against the cash we recorded at delivery.
// A transfer naming a parcel we do not know, or one already remitted, is shown, not booked; a
// parcel the courier pays short is booked and the shortfall stays owed by the courier.
import { and, eq, inArray } from 'drizzle-orm';
import { codCollections, type Executor, shipments } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import {
  COURIER_IMPORT_MESSAGES as M,
  type CourierImportLine,
  type CourierImportView,
} from '@marketplace/domain/settlement/courier-import';
import { isReferenceRecorded, recordCodRemittance } from '../settlements/index.ts';
import type { AuditActor } from '../staff/index.ts';
import type { CourierCodRemittance, CourierProvider } from './provider.ts';

async function importOne(
  db: Executor,
  courier: CourierProvider,
  actor: AuditActor,
  remittance: CourierCodRemittance,
  now: Date,
): Promise<CourierImportLine> {
  const utr = remittance.utr.toUpperCase();
  const base = {
    utr,
    remittedOn: remittance.remittedOn,
    amountPaise: remittance.amountPaise,
    parcels: remittance.parcels.length,
    receivablePaise: null,
  };
  if (await isReferenceRecorded(db, utr))
    return { ...base, status: 'already_recorded', message: M.alreadyRecorded, differences: [] };
  const awbNos = remittance.parcels.map((p) => p.awbNo);
  const ours = await db
    .select({
      awbNo: shipments.awbNo,
      invoiceNo: shipments.invoiceNo,
      carrier: codCollections.carrier,
      amountPaise: codCollections.amountPaise,
      remittedAt: codCollections.remittedAt,
      remittanceReference: codCollections.remittanceReference,
    })
    .from(shipments)
    .innerJoin(codCollections, eq(codCollections.shipmentId, shipments.id))
    .where(and(eq(shipments.courierProvider, courier.name), inArray(shipments.awbNo, awbNos)));
  const byAwb = new Map(ours.map((row) => [row.awbNo, row]));
  const blocking: string[] = [];
  const shown: string[] = [];
  for (const parcel of remittance.parcels) {
    const row = byAwb.get(parcel.awbNo);
    if (!row) blocking.push(M.unknownAwb(parcel.awbNo));
    else if (row.remittedAt !== null)
      blocking.push(M.alreadyRemitted(parcel.awbNo, row.remittanceReference ?? ''));
    else if (parcel.codPaise > row.amountPaise)
      blocking.push(
        M.moreThanCollected(parcel.awbNo, formatInr(parcel.codPaise), formatInr(row.amountPaise)),
      );
    else if (parcel.codPaise < row.amountPaise)
      shown.push(M.shortPaid(parcel.awbNo, formatInr(row.amountPaise - parcel.codPaise)));
  }
  if (blocking.length > 0)
    return { ...base, status: 'differences', message: M.notBooked, differences: [...blocking, ...shown] };
  const deductionPaise = remittance.parcels.reduce((sum, p) => sum + p.deductionPaise, 0);
  const outcome = await recordCodRemittance(
    db,
    actor,
    {
      carrier: ours[0]?.carrier ?? courier.name,
      invoiceNos: ours.map((row) => row.invoiceNo),
      reference: utr,
      remittedOn: remittance.remittedOn,
      remittedPaise: remittance.amountPaise,
      deductions: deductionPaise > 0 ? [{ kind: 'cod-charge', amountPaise: deductionPaise }] : [],
    },
    now,
  );
  switch (outcome.code) {
    case 'RECORDED':
      return {
        ...base,
        status: 'recorded',
        message: outcome.result.message,
        differences: shown,
        receivablePaise: outcome.result.receivablePaise,
      };
    // another import of the same report got there first
    case 'DUPLICATE_REFERENCE':
      return { ...base, status: 'already_recorded', message: M.alreadyRecorded, differences: [] };
    case 'ALREADY_REMITTED':
      return {
        ...base,
        status: 'differences',
        message: M.notBooked,
        differences: outcome.invoiceNos.map((invoiceNo) => M.alreadyRemitted(invoiceNo, '')),
      };
    case 'UNKNOWN':
    case 'OTHER_CARRIER':
      return { ...base, status: 'differences', message: M.notBooked, differences: outcome.invoiceNos };
    case 'MORE_THAN_OWED':
      return {
        ...base,
        status: 'differences',
        message: M.notBooked,
        differences: [M.moreThanOwed(formatInr(outcome.overPaise))],
      };
    case 'FUTURE_DAY':
      return { ...base, status: 'differences', message: M.notBooked, differences: [M.futureDay] };
  }
}

export type CourierImportOutcome = { code: 'IMPORTED'; view: CourierImportView } | { code: 'UNAVAILABLE' };

/** Each transfer of the courier's report for [from, to], recorded once by its UTR. */
export async function importCourierRemittances(
  db: Executor,
  courier: CourierProvider,
  actor: AuditActor,
  range: { from: string; to: string },
  now: Date,
): Promise<CourierImportOutcome> {
  let report: CourierCodRemittance[];
  try {
    report = await courier.codRemittances(range);
  } catch {
    return { code: 'UNAVAILABLE' };
  }
  const lines: CourierImportLine[] = [];
  for (const remittance of report) lines.push(await importOne(db, courier, actor, remittance, now));
  const recorded = lines.filter((l) => l.status === 'recorded').length;
  const differing = lines.filter((l) => l.status === 'differences').length;
  return { code: 'IMPORTED', view: { message: M.summary(lines.length, recorded, differing), lines } };
}
