import { z } from 'zod';
import { byUniqueName, defineJob, parseJobInput, permanentJobFailure, type JobContext, type JobDefinition } from './jobs.js';
import { emailLocales, type EmailLocale } from './mailer.js';
import type { PdfOptions } from './pdf.js';

/** A page with how to print it (a label's own size, landscape), when A4 portrait does not fit. */
export interface PdfPage {
  html: string;
  options?: PdfOptions;
}

/**
 * A printable document kind, declared by a module (delivery note, invoice) and listed in
 * `src/server/jobs.ts`. `html` builds the page; `deliver` stores the file and records the outcome
 * (for example by appending an event), each in its own short transaction.
 */
export interface PdfDocumentKind<Params = unknown> {
  name: string;
  params: z.ZodType<Params>;
  html(params: Params, locale: EmailLocale, ctx: JobContext): Promise<string | PdfPage>;
  deliver(pdf: Buffer, params: Params, ctx: JobContext): Promise<void>;
  /**
   * The job failed for good (a permanent failure, the retries used up, or its worker died more often
   * than the retries allow): record the outcome so users see it (for example a `...Failed` event).
   * Not called for attempts that will be retried.
   */
  failed?(error: unknown, params: Params, ctx: JobContext): Promise<void>;
}

/** Keeps the params type of a document kind while letting lists hold kinds of any params. */
export const definePdfDocument = <Params>(kind: PdfDocumentKind<Params>): PdfDocumentKind => kind as PdfDocumentKind;

export const renderPdfDataSchema = z.object({
  document: z.string().min(1),
  locale: z.enum(emailLocales),
  params: z.record(z.string(), z.unknown()).default({}),
});

/** What a module's dispatch route hands to the `render-pdf` job. */
export type RenderPdfData = z.input<typeof renderPdfDataSchema>;

/** Queue and name of the generic PDF job, for dispatch routes. */
export const renderPdfJob = { queue: 'pdf', name: 'render-pdf' } as const;

/** The `render-pdf` job: builds the page of a registered document kind, prints it, hands the bytes on. */
export function createRenderPdfJob(documents: readonly PdfDocumentKind[]): JobDefinition {
  const byName = byUniqueName(documents, 'PDF document kind');
  return defineJob({
    ...renderPdfJob,
    schema: renderPdfDataSchema,
    async handle(data, ctx) {
      const kind = byName.get(data.document);
      if (!kind) throw permanentJobFailure(`No PDF document kind ${data.document} is registered`);
      const params = parseJobInput(kind.params, data.params, `Params of document ${data.document} are not valid`);
      const page = await kind.html(params, data.locale, ctx);
      const { html, options } = typeof page === 'string' ? { html: page, options: undefined } : page;
      const pdf = await ctx.pdf.renderPdf(html, options);
      await kind.deliver(pdf, params, ctx);
      ctx.log.info({ document: data.document, bytes: pdf.length }, 'pdf rendered');
    },
    // The job failed for good (a permanent failure, its retries used up, or its worker died too often).
    async failed(data, error, ctx) {
      const kind = byName.get(data.document);
      const params = kind?.params.safeParse(data.params);
      if (kind?.failed && params?.success) await kind.failed(error, params.data, ctx);
    },
  });
}
