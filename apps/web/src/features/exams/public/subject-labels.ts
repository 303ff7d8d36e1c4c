/** How questions' points and difficulty are shown, for features that show questions of their own (imports). */
export { difficultyName, formatPoints } from '../components/subject-editor/subject-labels.ts';
