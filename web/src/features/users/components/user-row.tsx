import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { deriveAgentType, type ManagedUser } from '@repo/types';
import { displayNameOf } from '../utils/group-users';
import { AGENT_TYPE_LABELS, USERS_TEXT } from '../utils/messages';

export interface UserRowProps {
  user: ManagedUser;
  isCurrentUser: boolean;
  onEdit: (user: ManagedUser) => void;
}

/** One user: admins may edit only their own profile; every agent can be edited. */
export const UserRow = ({ user, isCurrentUser, onEdit }: UserRowProps) => {
  const agentType = user.role === 'agent' ? deriveAgentType(user) : null;
  return (
    <HStack as="li" justify="space-between" gap="4" py="3" px="4" borderWidth="1px" rounded="md" bg="bg" wrap="wrap">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium">{displayNameOf(user)}</Text>
        <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
          {user.email}
        </Text>
      </Stack>
      <HStack gap="3">
        {user.signInThrottled && (
          <Badge colorPalette="orange" title={USERS_TEXT.signInThrottledHint}>
            {USERS_TEXT.signInThrottled}
          </Badge>
        )}
        {user.role === 'admin' ? (
          isCurrentUser ? (
            <>
              <Badge colorPalette="purple">{USERS_TEXT.adminBadge}</Badge>
              <Button size="sm" variant="outline" onClick={() => onEdit(user)}>
                {USERS_TEXT.editProfile}
              </Button>
            </>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {USERS_TEXT.otherAdmin}
            </Text>
          )
        ) : (
          <>
            {agentType && <Badge colorPalette="brand">{AGENT_TYPE_LABELS[agentType]}</Badge>}
            <Button size="sm" variant="outline" onClick={() => onEdit(user)}>
              {USERS_TEXT.edit}
            </Button>
          </>
        )}
      </HStack>
    </HStack>
  );
};
