import { IMPORT_LIMITS, type ImportedSubject } from '@lectern/contracts/data-import/data-import.schemas';
import {
  SUBJECT_LIB_LIMITS,
  SubjectLibSchema,
  type SubjectLib,
} from '@lectern/contracts/exams/subject-lib.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { saveImportedSubjects, type BatchProgress } from './save-imported-subjects.ts';

/** A save by category that stopped: `rest` are the questions not stored, in document order. */
export class CategorySaveError extends Error {
  constructor(
    readonly saved: number,
    readonly rest: ImportedSubject[],
    override readonly cause: unknown,
  ) {
    super('category save failed');
  }
}

/** The questions of one category, in document order; `category` null for those the file filed nowhere. */
export type CategoryGroup = { category: string | null; subjects: ImportedSubject[] };

/** Questions grouped by category, groups in the order their first question comes in the file. */
export function categoryGroups(subjects: readonly ImportedSubject[]): CategoryGroup[] {
  const groups = new Map<string | null, ImportedSubject[]>();
  for (const subject of subjects) {
    const list = groups.get(subject.category);
    if (list) list.push(subject);
    else groups.set(subject.category, [subject]);
  }
  return [...groups].map(([category, list]) => ({ category, subjects: list }));
}

/** Whether the file files its questions under any category (the choice is offered only then). */
export function hasCategories(subjects: readonly ImportedSubject[]): boolean {
  return subjects.some((s) => s.category !== null);
}

function title(text: string): string {
  return [...text].slice(0, SUBJECT_LIB_LIMITS.titleMax).join('');
}

/** "Unit 1/Rivers" → folder "Unit 1", library "Rivers"; a one-level category names both. */
export function folderAndLibrary(category: string): { folder: string; library: string } {
  const [top = category, ...rest] = category.split('/');
  return { folder: title(top), library: title(rest.length > 0 ? rest.join('/') : top) };
}

async function getLib(id: number): Promise<SubjectLib> {
  return request(`/api/subject-libs/${id}`, { schema: SubjectLibSchema });
}

/** A folder or library next to `chosen`: personal when it is personal, in its course when it is a course's. */
async function createLib(
  chosen: SubjectLib,
  values: { title: string; libType: 'folder' | 'exam' | 'questionnaire'; parentId: number | null },
): Promise<SubjectLib> {
  const path =
    chosen.course_id === null ? '/api/subject-libs' : `/api/course/${chosen.course_id}/subject-libs`;
  return request(path, {
    method: 'POST',
    query: { lib_type: values.libType },
    body: { title: values.title, parent_id: values.parentId },
    schema: SubjectLibSchema,
  });
}

/**
 * One library per category: a folder per top level of the categories (in the chosen library's folder, of
 * its owner or course), a library of the chosen one's type per category inside it, each receiving its
 * questions in saves of at most 200. Questions filed under no category go into the chosen library. The
 * server checks every call as it checks them one by one; progress counts questions over all libraries.
 */
export async function saveByCategory(
  chosenId: number,
  subjects: readonly ImportedSubject[],
  onProgress: (progress: BatchProgress) => void = () => {},
  size: number = IMPORT_LIMITS.subjectsPerImport,
): Promise<void> {
  const chosen = await getLib(chosenId);
  const libType = chosen.lib_type === 'questionnaire' ? 'questionnaire' : 'exam';
  const folders = new Map<string, SubjectLib>();
  const stored = new Set<ImportedSubject>();
  let saved = 0;
  onProgress({ saved, total: subjects.length });
  for (const group of categoryGroups(subjects)) {
    let libId = chosenId;
    try {
      if (group.category !== null) {
        const names = folderAndLibrary(group.category);
        let folder = folders.get(names.folder);
        if (!folder) {
          folder = await createLib(chosen, {
            title: names.folder,
            libType: 'folder',
            parentId: chosen.parent_id,
          });
          folders.set(names.folder, folder);
        }
        libId = (await createLib(chosen, { title: names.library, libType, parentId: folder.id })).id;
      }
      for (let at = 0; at < group.subjects.length; at += size) {
        const batch = group.subjects.slice(at, at + size);
        await saveImportedSubjects({ belong: 'library', id: libId, isMakeup: false }, batch);
        for (const subject of batch) stored.add(subject);
        saved += batch.length;
        onProgress({ saved, total: subjects.length });
      }
    } catch (error) {
      throw new CategorySaveError(
        saved,
        subjects.filter((subject) => !stored.has(subject)),
        error,
      );
    }
  }
}

export function useSaveByCategory(chosenId: number, onProgress?: (progress: BatchProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjects: readonly ImportedSubject[]) => saveByCategory(chosenId, subjects, onProgress),
    // Libraries and folders of another feature change; their keys are theirs.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
