import type { AcademicYear, PortalLogo } from '@lectern/contracts/identity/org-admin.schemas';
import type { AcademicYearRow, SemesterRow } from './org-admin.repository.ts';

/** The logo URL changes with the upload, so browsers never show a replaced logo from their cache. */
export function presentPortalLogo(uploadId: number | null): PortalLogo {
  return {
    url: uploadId === null ? null : `/api/portal-logo/blob?v=${uploadId}`,
    upload_id: uploadId,
  };
}

export function presentAcademicYears(years: AcademicYearRow[], terms: SemesterRow[]): AcademicYear[] {
  return years.map((year) => ({
    id: year.id,
    name: year.name,
    code: year.code,
    sort: year.sort,
    semesters: terms
      .filter((t) => t.academicYearId === year.id)
      .map((t) => ({
        id: t.id,
        academic_year_id: t.academicYearId,
        name: t.name,
        code: t.code,
        sort: t.sort,
        start_date: t.startDate,
        end_date: t.endDate,
      })),
  }));
}
