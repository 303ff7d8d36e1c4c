import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursewareQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/**
 * `POST /api/subject-libs/{libId}/copy?videoQuizId=` (spec 000 section 7): appends the library's questions
 * to the quiz, refused once a student has answered it.
 */
export async function copyLibToVideoQuiz(libId: number, videoQuizId: number): Promise<Subject[]> {
  const response = await request(`/api/subject-libs/${libId}/copy`, {
    method: 'POST',
    query: { videoQuizId },
    body: {},
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useCopyLibToVideoQuiz(videoQuizId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (libId: number) => copyLibToVideoQuiz(libId, videoQuizId),
    // Question counts, the questions and the statistics all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursewareQuizzesQueryKey }),
  });
}
