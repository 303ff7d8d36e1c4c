import type {
  Activity,
  CreateActivityRequest,
  UpdateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { isMeetingFormType, type MeetingFormType } from '@lectern/contracts/meetings/meeting-rules';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import type { MeetingFormDraft } from '../components/meeting-form.rules.ts';

/** The form loads when one of its types is picked or edited. */
const MeetingFormModal = lazy(async () => ({
  default: (await import('../components/meeting-form-modal.tsx')).MeetingFormModal,
}));

export interface MeetingFormRegistration {
  /** The type being created or edited (undefined until one is picked). */
  type: string | undefined;
  open: boolean;
  course: Course;
  activity?: Activity | undefined;
  /** Reads what the generic form holds, once, when this form takes over. */
  draft: () => MeetingFormDraft;
  completionInput: (type: MeetingFormType) => ReactElement;
  create: (body: CreateActivityRequest) => Promise<Activity>;
  update: (id: number, body: UpdateActivityRequest) => Promise<Activity>;
  onClose: () => void;
  afterClose?: (() => void) | undefined;
  onSaved?: ((activity: Activity) => void) | undefined;
}

/**
 * The Dingtalk live, ClassIn and lesson replay forms, for the generic activity form to hand over to: the
 * element to render instead of itself, or null for every other type. Once a meeting type is picked the
 * hand-over holds, even though the generic form (and the type it watched) is gone.
 */
export function useMeetingFormModal(registration: MeetingFormRegistration): ReactElement | null {
  const [taken, setTaken] = useState<{ type: MeetingFormType; draft: MeetingFormDraft } | null>(null);
  let current = taken;
  if (!current && isMeetingFormType(registration.type)) {
    current = {
      type: registration.type,
      draft: registration.activity ? {} : registration.draft(),
    };
    setTaken(current);
  }
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <MeetingFormModal
        type={current.type}
        open={registration.open}
        course={registration.course}
        activity={registration.activity}
        draft={current.draft}
        completionInput={registration.completionInput(current.type)}
        create={registration.create}
        update={registration.update}
        onClose={registration.onClose}
        afterClose={registration.afterClose}
        onSaved={registration.onSaved}
      />
    </Suspense>
  );
}
