import { z } from 'zod';
import { ConvertImportRequestSchema } from './data-import.schemas.ts';

/** Streaming `POST /api/data-import/ai-convert` (spec 000 sections 4, 8). */
export const AI_CONVERT_IMPORT_PATH = '/api/data-import/ai-convert';

/** The same fields as the plain convert: the caller's upload (.docx, .pdf or .txt) and the import target. */
export const AiConvertImportRequestSchema = ConvertImportRequestSchema;
export type AiConvertImportRequest = z.input<typeof AiConvertImportRequestSchema>;
export type AiConvertImportBody = z.output<typeof AiConvertImportRequestSchema>;

/** One unnamed server-sent event of the stream: the next piece of question text the model wrote. */
export const AiConvertImportDeltaSchema = z.object({ data: z.string() });
export type AiConvertImportDelta = z.infer<typeof AiConvertImportDeltaSchema>;
