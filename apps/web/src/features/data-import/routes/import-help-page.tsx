import type { ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import { useSearchParams } from 'react-router';
import { ImportHelp } from '../components/import-help.tsx';
import { offersKnowledgeNodes } from '../components/import-paths.ts';

/** `/course/exam-subjects-import-help?mode=word&show_knowledge_node=true|false`. */
export function ExamImportHelpPage() {
  return <ImportHelpRoute belong="exam" />;
}

/** `/course/classroom-subjects-import-help?mode=word`: classroom exams have no knowledge-point part. */
export function ClassroomImportHelpPage() {
  return <ImportHelpRoute belong="classroom" />;
}

/** `/course/library-subjects-import-help?mode=word&show_knowledge_node=true|false`. */
export function LibraryImportHelpPage() {
  return <ImportHelpRoute belong="library" />;
}

function ImportHelpRoute({ belong }: { belong: ImportBelong }) {
  const [params] = useSearchParams();
  const flag = params.get('show_knowledge_node');
  // Shown unless the link asks to hide it: a help page opened without the flag leaves nothing out.
  const shown = offersKnowledgeNodes(belong) && flag !== 'false' && flag !== '0';
  return <ImportHelp belong={belong} showKnowledgeNodes={shown} />;
}
