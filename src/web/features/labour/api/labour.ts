import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockInput, CorrectAttendanceInput, CorrectWorkTimeInput, PayrollQuery, WorkSplitInput } from '../../../../domain/labour/labour.schema';
import type { LabourPeople, LabourStatus, Present, StationLabour, WorkTimes } from '../../../../domain/labour/labour.views';
import { api } from '../../../lib/api';

/** Every labour query starts with this key, so a clock, a pause or a correction refreshes them all. */
export const labourKey = ['labour'] as const;

export const getLabourStatusQueryOptions = () => queryOptions({ queryKey: [...labourKey, 'me'], queryFn: () => api.get<LabourStatus>('/labour/me') });
/** One's own clock. */
export const useLabourStatus = (enabled = true) => useQuery({ ...getLabourStatusQueryOptions(), enabled });

export const getStationLabourQueryOptions = (stationId: string) =>
  queryOptions({ queryKey: [...labourKey, 'station', stationId], queryFn: () => api.get<StationLabour>(`/labour/stations/${encodeURIComponent(stationId)}`) });
/** The orders in work at a station and who is on each. */
export const useStationLabour = (stationId: string) => useQuery(getStationLabourQueryOptions(stationId));

export const getPresentQueryOptions = () => queryOptions({ queryKey: [...labourKey, 'present'], queryFn: () => api.get<Present>('/labour/present') });
/** Who is clocked in now (supervisors). */
export const usePresent = (enabled: boolean) => useQuery({ ...getPresentQueryOptions(), enabled });

/** Whose work times one may read. */
export const useLabourPeople = () => useQuery({ queryKey: [...labourKey, 'people'], queryFn: () => api.get<LabourPeople>('/labour/people') });

export const getWorkTimesQueryOptions = (userId: string, week: string) =>
  queryOptions({ queryKey: [...labourKey, 'times', userId, week], queryFn: () => api.get<WorkTimes>('/labour/times', { query: { userId, week } }) });
/** One person's week. */
export const useWorkTimes = (userId: string | null, week: string) => useQuery({ ...getWorkTimesQueryOptions(userId ?? '', week), enabled: userId !== null });

/** `POST /api/labour/clock-in|clock-out` from the console (the station tablet goes through its offline queue). */
export function useClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, input }: { direction: 'in' | 'out'; input: Partial<ClockInput> }) => api.post<LabourStatus>(`/labour/clock-${direction}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labourKey }),
  });
}

/** `POST /api/labour/attendances/{id}/corrections` (supervisors). */
export function useCorrectAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attendanceId, input }: { attendanceId: string; input: CorrectAttendanceInput }) =>
      api.post<WorkTimes>(`/labour/attendances/${encodeURIComponent(attendanceId)}/corrections`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labourKey }),
  });
}

/** `POST /api/labour/users/{userId}/work-time-corrections` (supervisors). */
export function useCorrectWorkTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: CorrectWorkTimeInput }) =>
      api.post<WorkTimes>(`/labour/users/${encodeURIComponent(userId)}/work-time-corrections`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labourKey }),
  });
}

/** `POST /api/labour/users/{userId}/work-splits`: how a work period splits across its orders (one's own, or a supervisor anyone's). */
export function useStateWorkSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: WorkSplitInput }) =>
      api.post<WorkTimes>(`/labour/users/${encodeURIComponent(userId)}/work-splits`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labourKey }),
  });
}

/** `GET /api/labour/timesheet.csv`: one person's week as CSV, column names in `lang`. */
export const downloadTimesheetCsv = (userId: string, week: string, lang: 'en' | 'de'): Promise<Blob> =>
  api.blob('/labour/timesheet.csv', { query: { userId, week, lang } });

/** `GET /api/labour/payroll.csv` (supervisors): hours per employee and day. */
export const downloadPayroll = (query: PayrollQuery): Promise<Blob> => api.blob('/labour/payroll.csv', { query: { ...query } });
