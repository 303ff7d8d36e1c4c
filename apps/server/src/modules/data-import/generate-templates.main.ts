import path from 'node:path';
import { generateImportTemplates } from './import-templates.ts';

const USAGE = `Usage: node apps/server/dist/generate-templates.js <directory>

Writes the 18 question import templates (.docx) into <directory>, creating it if needed.
The server build runs this into dist/static/data_import_templates.`;

async function main(args: string[]): Promise<number> {
  const [dir, ...rest] = args;
  if (!dir || dir === '--help' || rest.length > 0) {
    console.error(USAGE);
    return dir === '--help' ? 0 : 2;
  }
  const files = await generateImportTemplates(path.resolve(dir));
  console.log(
    `  ${files.length} import templates in ${path.relative(process.cwd(), path.resolve(dir)) || '.'}`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
