import { serveCpuTasks } from '../../platform/jobs/cpu-task.ts';
import { runDuplicateTask, type DuplicateTask } from './duplicate-read.ts';

// A worker thread of the duplicate check's cpu pool: reading Word and PDF files, fingerprinting their text
// and comparing with a whole class are CPU-bound and would otherwise stall every request of the process.
serveCpuTasks((task: DuplicateTask) => runDuplicateTask(task));
