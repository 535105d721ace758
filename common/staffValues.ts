// The educators' fixed value lists (positions, grades, subjects, sorts, status filters), without zod:
// common/schemas/staff.ts builds its schemas from them and re-exports them.

/** Longest first and last name, employee ID and email an educator may have (the forms' maxlength too). */
export const STAFF_NAME_MAX = 80;
export const STAFF_EMPLOYEE_ID_MAX = 40;
export const STAFF_EMAIL_MAX = 254;

export const GRADE_LEVELS = ['PK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const POSITIONS = [
  'Classroom Teacher', 'Special Education Teacher', 'Interventionist', 'English Learner Teacher', 'Instructional Aide',
  'Counselor', 'Librarian / Media Specialist', 'Assistant Principal', 'Other',
] as const;
export const SUBJECTS = [
  'Elementary (all subjects)', 'English Language Arts', 'Mathematics', 'Science', 'Social Studies', 'World Languages',
  'Special Education', 'English Learners', 'Fine Arts', 'Physical Education', 'Career and Technical Education',
] as const;
export const STAFF_SORTS = ['last_name', '-last_name', 'first_name', '-first_name', 'hire_date', '-hire_date', 'building', '-building', 'created_at', '-created_at'] as const;

/** filter[status] values: active (the default), inactive, or all. */
export const STAFF_STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export const STAFF_SEARCH_MAX = 100;
